// Replaces the original (no @theme-original): the remount to drop is the `key` it puts on its own inner content.
/**
 * Docusaurus's code block without its remount after hydration.
 *
 * The original keys its content by `useIsBrowser()`, so every code block of a page is thrown
 * away and built again (Prism tokenising each line anew) once the page has hydrated: the server
 * always renders the default Prism theme, and a reader in the other colour mode would keep it.
 * The portal has one colour mode (seed 000 §2: light only, no switch), so the server's theme is
 * already the right one. On /docs/payments/webhooks the remount was a 0.4 s task on Lighthouse's
 * phone (4x slower CPU), most of the page's Total Blocking Time.
 */
import React, {isValidElement, type ReactNode} from 'react';
import type {Props} from '@theme/CodeBlock';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';

/** The children as one string when they are only strings (so Copy can copy them), as the original. */
function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (React.Children.toArray(children).some((el) => isValidElement(el))) {
    return children;
  }
  return Array.isArray(children) ? children.join('') : children;
}

export default function CodeBlock({children: rawChildren, ...props}: Props): ReactNode {
  const children = maybeStringifyChildren(rawChildren);
  return typeof children === 'string' ? (
    <StringContent {...props}>{children}</StringContent>
  ) : (
    <ElementContent {...props}>{children}</ElementContent>
  );
}
