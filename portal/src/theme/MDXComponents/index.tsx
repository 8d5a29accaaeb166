/**
 * Wraps theme-classic's MDX components to make Markdown tables reachable by keyboard. Infima
 * lets a table wider than the page scroll sideways inside itself (`display: block; overflow:
 * auto`), which at phone widths most of the guides' tables do; a region that scrolls must be
 * focusable so that keyboard users can scroll it (WCAG 2.1.1; axe `scrollable-region-focusable`),
 * the same reason theme-classic gives every code block `tabIndex={0}`.
 */
import type {ComponentProps, ReactNode} from 'react';
import MDXComponents from '@theme-original/MDXComponents';

function Table(props: ComponentProps<'table'>): ReactNode {
  return <table tabIndex={0} {...props} />;
}

export default {
  ...MDXComponents,
  table: Table,
};
