/**
 * The navbar search box of @easyops-cn/docusaurus-search-local, loaded by ./index.tsx when the
 * reader reaches for it. It hands over to the box the reader already typed into (./handover.ts),
 * and repairs the
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
import {useEffect, useLayoutEffect, useRef, type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import SearchBar from '@theme-original/SearchBar';

import {remember, searchOnAttach, takeFocus, takeOver} from './handover';
import {searchLabel} from './label';
import styles from './styles.module.css';

function setAttribute(element: Element, name: string, value: string): void {
  if (element.getAttribute(name) !== value) {
    element.setAttribute(name, value);
  }
}

export default function LoadedSearchBar(): ReactNode {
  const root = useRef<HTMLDivElement>(null);
  const label = searchLabel();
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
      if (input instanceof HTMLInputElement) {
        setAttribute(input, 'aria-label', label);
        const list = input.getAttribute('aria-owns');
        if (list) {
          setAttribute(input, 'aria-controls', list);
        }
        searchOnAttach(input);
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

  // The focus moves as the real box replaces the light one, so no key press falls in between.
  useLayoutEffect(() => {
    const input = root.current?.querySelector('input.navbar__search-input');
    if (input instanceof HTMLInputElement) takeFocus(input);
  }, []);

  useEffect(() => {
    const input = root.current?.querySelector('input.navbar__search-input');
    if (!(input instanceof HTMLInputElement)) return undefined;
    // Runs after the plugin box's own mount effects (a child's run first) and so its timer
    // fires after the one that empties the box (see takeOver).
    const note = (): void => remember(input);
    input.addEventListener('input', note);
    const timer = window.setTimeout(() => {
      input.removeEventListener('input', note);
      takeOver(input);
    }, 0);
    return () => {
      window.clearTimeout(timer);
      input.removeEventListener('input', note);
    };
  }, []);

  return (
    <div ref={root} className={styles.contents}>
      <SearchBar />
    </div>
  );
}
