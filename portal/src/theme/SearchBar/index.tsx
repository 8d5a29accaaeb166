// Wraps the original lazily: ./Loaded.tsx renders @theme-original/SearchBar once the reader reaches for the box.
/**
 * The navbar search box, whose code loads when the reader reaches for it.
 *
 * The search plugin's box brings lunr, its Japanese tokeniser, mark.js and the autocomplete
 * glue: about 90 kB of the 600 kB of script every page loaded first, and a search context it
 * worked out on every page. Issue 18 asks for pages that load what they need when they need it,
 * and on a phone (Lighthouse, 4x slower CPU) that start-up code was part of what held the guides
 * below 95.
 *
 * So the page is served with a box that looks the same (same markup, the plugin's own styles)
 * and takes no code beyond this file. The real box's code (./Loaded.tsx) is fetched once the
 * page is idle after hydrating; pointing at the box, touching it, focusing it or pressing the
 * plugin's shortcut (Ctrl/⌘ K) puts the real box in its place, with the typed text and the focus
 * kept (./handover.ts). A page opened from a search result (with `?_highlight=` in its address)
 * gets it at once, to highlight the words.
 */
import React, {lazy, startTransition, Suspense, useCallback, useEffect, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {useLocation} from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import pluginStyles from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchBar/SearchBar.module.css';

import {remember} from './handover';
import {searchLabel} from './label';

const loadReal = () => import('./Loaded');
// If the real box cannot be loaded (a network failure), the light one stays, and the page works.
const Loaded = lazy(() => loadReal().catch(() => ({default: () => <LightSearchBar onWanted={() => undefined} />})));

/** The plugin's shortcut (searchBarShortcutKeymap, default `mod+k`): ⌘ K on a Mac, Ctrl K elsewhere. */
function isMac(): boolean {
  const platform = (navigator as {userAgentData?: {platform?: string}}).userAgentData?.platform ?? navigator.userAgent;
  return /mac/i.test(platform);
}

function isShortcut(event: KeyboardEvent): boolean {
  const mod = isMac() ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
  return mod && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
}

function LightSearchBar({onWanted}: {onWanted: () => void}): ReactNode {
  const isBrowser = useIsBrowser();
  const input = useRef<HTMLInputElement>(null);
  const label = searchLabel();
  useEffect(() => {
    const box = input.current;
    const onKey = (event: KeyboardEvent): void => {
      if (!isShortcut(event)) return;
      event.preventDefault();
      box?.focus();
    };
    document.addEventListener('keydown', onKey);
    // The box's own listeners (not React's, which stop hearing it once it leaves the document):
    // text typed in the moment the real box replaces it still reaches the real box.
    const note = (): void => {
      if (box) remember(box);
    };
    // A blur as the box leaves the document is not the reader leaving it.
    const noteBlur = (): void => {
      setTimeout(() => box?.isConnected && note(), 0);
    };
    const events = ['focus', 'input'] as const;
    events.forEach((type) => box?.addEventListener(type, note));
    box?.addEventListener('blur', noteBlur);
    // Fetch the real box's code once the page is idle, so that it is ready when wanted.
    // (A browser without requestIdleCallback waits a second instead.)
    const onIdle = window.requestIdleCallback as typeof window.requestIdleCallback | undefined;
    const fetchReal = (): void => {
      // A failure here is retried when the box is used (see Loaded).
      loadReal().catch(() => undefined);
    };
    const idle = onIdle ? onIdle(fetchReal, {timeout: 3000}) : setTimeout(fetchReal, 1000);
    return () => {
      document.removeEventListener('keydown', onKey);
      events.forEach((type) => box?.removeEventListener(type, note));
      box?.removeEventListener('blur', noteBlur);
      if (onIdle) window.cancelIdleCallback(idle as number);
      else clearTimeout(idle);
    };
  }, []);
  return (
    <div className={clsx('navbar__search', pluginStyles.searchBarContainer)} dir="ltr">
      <svg aria-hidden="true" className={pluginStyles.searchIcon} focusable="false" viewBox="0 0 16 16">
        <path
          fill="currentColor"
          d="M6.02945 10.20327a4.17382 4.17382 0 1 1 4.17382-4.17382 4.15609 4.15609 0 0 1-4.17382 4.17382Zm9.69195 4.2199-4.8225-4.82338A5.88021 5.88021 0 0 0 12.058 6.02856 6.00467 6.00467 0 1 0 9.59979 10.8989l4.82338 4.82338a.89729.89729 0 0 0 1.29912 0 .89749.89749 0 0 0-.00087-1.29909Z"
        />
      </svg>
      <input
        ref={input}
        placeholder={label}
        aria-label={label}
        className={`navbar__search-input ${pluginStyles.searchInput}`}
        onMouseEnter={onWanted}
        onTouchStart={onWanted}
        onFocus={onWanted}
      />
      {isBrowser && (
        <div className={pluginStyles.searchHintContainer}>
          {(isMac() ? ['⌘', 'K'] : ['ctrl', 'K']).map((hint) => (
            <kbd key={hint} className={pluginStyles.searchHint}>
              {hint}
            </kbd>
          ))}
        </div>
      )}
    </div>
  );
}

export default function SearchBar(): ReactNode {
  const {search} = useLocation();
  const [wanted, setWanted] = useState(false);
  const want = useCallback(() => {
    // A transition keeps the light box on screen (and focused) until the real one has loaded.
    startTransition(() => setWanted(true));
  }, []);
  useEffect(() => {
    if (new URLSearchParams(search).has('_highlight')) want();
  }, [search, want]);
  const light = <LightSearchBar onWanted={want} />;
  return <Suspense fallback={light}>{wanted ? <Loaded /> : light}</Suspense>;
}
