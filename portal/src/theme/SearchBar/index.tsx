/**
 * Wraps the navbar search box of @easyops-cn/docusaurus-search-local to repair the
 * accessibility of the markup its autocomplete library (autocomplete.js 0.x) writes once the
 * box is used, which the plugin has no option for:
 * - the input is a combobox that names its list with the ARIA 1.0 `aria-owns` only; ARIA 1.2
 *   requires `aria-controls`, added here with the same id;
 * - the "See all results" link sits inside the `listbox`, which may hold options only; a link
 *   may take the role `option`, so it gets it;
 * - the input's label is a hard-coded English "Search" on the Japanese pages too; it gets the
 *   translated label the placeholder already uses;
 * - the clear button reads only "✕"; it gets a translated label.
 * The wrapper element is `display: contents`, so the navbar lays the box out as before.
 */
import {useEffect, useRef, type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import SearchBar from '@theme-original/SearchBar';

import styles from './styles.module.css';

function setAttribute(element: Element, name: string, value: string): void {
  if (element.getAttribute(name) !== value) {
    element.setAttribute(name, value);
  }
}

export default function SearchBarWrapper(): ReactNode {
  const root = useRef<HTMLDivElement>(null);
  const label = translate({
    id: 'theme.SearchBar.label',
    message: 'Search',
    description: 'The ARIA label and placeholder for search button',
  });
  const clearLabel = translate({
    id: 'searchBar.clear',
    message: 'Clear the search',
    description: 'The label of the button that empties the navbar search box',
  });

  useEffect(() => {
    const container = root.current;
    if (!container) {
      return undefined;
    }
    const repair = (): void => {
      const input = container.querySelector('input.navbar__search-input');
      if (input) {
        setAttribute(input, 'aria-label', label);
        const list = input.getAttribute('aria-owns');
        if (list) {
          setAttribute(input, 'aria-controls', list);
        }
      }
      container.querySelectorAll('[role="listbox"] a').forEach((link) => {
        setAttribute(link, 'role', 'option');
      });
      container.querySelectorAll('button').forEach((button) => {
        if (button.textContent?.trim() === '✕') {
          setAttribute(button, 'aria-label', clearLabel);
        }
      });
    };
    repair();
    // The library adds the list, its footer and the input's attributes when the box is first
    // used; the clear button comes and goes with the query.
    const observer = new MutationObserver(repair);
    observer.observe(container, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-owns'],
    });
    return () => observer.disconnect();
  }, [label, clearLabel]);

  return (
    <div ref={root} className={styles.contents}>
      <SearchBar />
    </div>
  );
}
