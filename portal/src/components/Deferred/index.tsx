/**
 * Content the reader cannot see yet (a closed `<details>`, a tab that is not chosen), rendered
 * in the browser only once it is shown (issue 36 item 5: Total Blocking Time on a phone).
 *
 * - **On the server** it is rendered like anything else: search, readers without script and the
 *   first paint have it.
 * - **While the page hydrates** its server markup is kept as it is: hydrating means running
 *   every component once more in the browser to attach React to the server's HTML, and nobody
 *   sees this part. The wrapper is rendered with an empty `dangerouslySetInnerHTML`; React
 *   attaches to the wrapper and leaves what the server put inside it alone (it neither checks
 *   nor replaces inner HTML given this way), and later renders compare the empty string with
 *   itself and touch nothing.
 * - **Rendered first in the browser** (a page reached by a link; the reference theme's schemas,
 *   parameters and responses, which it renders in the browser only) it renders nothing while
 *   deferred: on /references/pay/refund the responses' schemas are 24 `<details>` deep and
 *   eight status codes wide, and the browser built all of them, most of them closed or hidden,
 *   right after the page hydrated.
 * - **Shown** (its tab chosen, its `<details>` opened) it renders its children under a new
 *   key, and keeps them from then on.
 *
 * A wrapper kept while hydrating whose server markup turns out empty (a page rendered from
 * scratch, see clientModules/routeLoadFailure.ts) renders its children before the browser
 * paints. The wrapper is a `<div>` with `display: contents`: it adds no box.
 */
import React, {useLayoutEffect, useRef, useState, type ReactNode, type RefObject} from 'react';

import styles from './styles.module.css';

let hydrated = false;

/** Called once the first render of the page has been committed (../../clientModules/hydration.ts). */
export function markHydrated(): void {
  hydrated = true;
}

/** What a kept element is given: React keeps the markup already inside it. */
export const KEEP_SERVER_MARKUP = Object.freeze({__html: ''});

/**
 * For content that is shown but need not be built again in the browser (a code block's
 * highlighted lines): whether the element that `ref` is put on should keep its server markup,
 * true from the first render if it is the hydration's, until `unchanged` is false once (or the
 * element turns out to have no server markup); false ever after.
 */
export function useKeptServerMarkup<T extends HTMLElement>(unchanged: boolean): [boolean, RefObject<T | null>] {
  const ref = useRef<T>(null);
  const [kept, setKept] = useState(() => !hydrated && typeof document !== 'undefined');
  if (kept && !unchanged) setKept(false);
  useLayoutEffect(() => {
    if (kept && ref.current && !ref.current.hasChildNodes()) setKept(false);
  }, [kept]);
  return [kept && unchanged, ref];
}

type Mode = 'kept' | 'waiting' | 'live';

export default function Deferred({deferred, children}: {deferred: boolean; children: ReactNode}): ReactNode {
  const ref = useRef<HTMLDivElement>(null);
  const [mode, setMode] = useState<Mode>(() => {
    if (!deferred || typeof document === 'undefined') return 'live';
    return hydrated ? 'waiting' : 'kept';
  });
  if (mode !== 'live' && !deferred) {
    // Shown: live from now on (a state update during render, applied before anything commits).
    setMode('live');
  }
  useLayoutEffect(() => {
    if (mode === 'kept' && ref.current && !ref.current.hasChildNodes()) setMode('waiting');
  }, [mode]);
  if (mode === 'kept') {
    return <div key="kept" ref={ref} className={styles.wrapper} dangerouslySetInnerHTML={KEEP_SERVER_MARKUP} suppressHydrationWarning />;
  }
  return (
    <div key="live" ref={ref} className={styles.wrapper}>
      {mode === 'live' ? children : null}
    </div>
  );
}
