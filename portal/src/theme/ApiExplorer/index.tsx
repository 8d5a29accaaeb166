/**
 * The try-it panel, loaded when the reader is about to use it.
 *
 * The panel's code (the request builder postman-collection with lodash, crypto-js and friends,
 * the form library and the panel's components) is 1.1 MB of script, 250 kB compressed: far more
 * than the rest of a reference page. Loaded with the page, a phone (Lighthouse, slow 4G, 4x
 * slower CPU) waited for it before the page could hydrate and then spent about 0.4 s of
 * main-thread time on it, which held the reference pages at 80–88 (issue 18 asks for 85).
 *
 * On a phone the panel sits below the operation's description, parameters and responses; on a
 * wide screen it is the right-hand column. It loads at the first of:
 * - it comes within a screen's height of the viewport (on a wide screen: at once);
 * - the reader scrolls, touches, clicks or presses a key anywhere on the page;
 * - the page has been idle for IDLE_MS after loading (a reader who only waits gets it too).
 * The theme's skeleton holds its place meanwhile, as while the page hydrates.
 *
 * What loads (./Loaded.tsx) also decodes the operation from the page's front matter and builds
 * the panel's store, which it hands to the page (src/theme/ApiItem): neither is needed before.
 */
import React, {lazy, Suspense, useEffect, useRef, useState, type ReactNode} from 'react';
import type {ApiStore} from '@theme/ApiItem/store';
import Translate from '@docusaurus/Translate';
import SkeletonLoader from '@theme/SkeletonLoader';

/** In the panel's place when its code cannot be loaded (a network failure): the page still works. */
function Unavailable(): ReactNode {
  return (
    <p role="status">
      <Translate id="reference.tryItUnavailable" description="Shown in place of the try-it panel when its code fails to load">
        The try-it panel could not be loaded. Reload the page to try again.
      </Translate>
    </p>
  );
}

const Loaded = lazy(() => import('./Loaded').catch(() => ({default: Unavailable})));

export interface Props {
  /** The operation as the generator wrote it into the page's front matter (gzip, base64). */
  api: string;
  infoPath?: string;
  /** Receives the panel's store, to share it with the rest of the page. */
  onStore: (store: ApiStore) => void;
}

const IDLE_MS = 3000;
const INTERACTIONS = ['scroll', 'pointerdown', 'touchstart', 'keydown', 'wheel'] as const;

export default function ApiExplorer(props: Props): ReactNode {
  const box = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (shown) return undefined;
    const show = (): void => setShown(true);
    const cleanups: (() => void)[] = [];
    if (typeof IntersectionObserver === 'undefined' || !box.current) {
      show();
      return undefined;
    }
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), {
      rootMargin: '100% 0px',
    });
    observer.observe(box.current);
    cleanups.push(() => observer.disconnect());
    for (const type of INTERACTIONS) {
      window.addEventListener(type, show, {once: true, passive: true, capture: true});
      cleanups.push(() => window.removeEventListener(type, show, {capture: true}));
    }
    const timer = window.setTimeout(() => {
      if ('requestIdleCallback' in window) {
        const idle = window.requestIdleCallback(show, {timeout: IDLE_MS});
        cleanups.push(() => window.cancelIdleCallback(idle));
      } else {
        show();
      }
    }, IDLE_MS);
    cleanups.push(() => window.clearTimeout(timer));
    return () => cleanups.forEach((cleanup) => cleanup());
  }, [shown]);
  const skeleton = <SkeletonLoader size="lg" />;
  return (
    <div ref={box}>
      {shown ? (
        <Suspense fallback={skeleton}>
          <Loaded {...props} />
        </Suspense>
      ) : (
        skeleton
      )}
    </div>
  );
}
