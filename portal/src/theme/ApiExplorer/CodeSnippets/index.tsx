/**
 * The try-it panel's code samples (curl, Python, Node.js …), loaded when they come into view.
 *
 * The theme's component pulls in postman-code-generators, by far the largest code of a
 * reference page; parsing it on load kept Lighthouse's mobile performance of the reference
 * pages at 67–81 (issue 18 asks for 85). On a phone the samples sit below the operation's text,
 * so most readers who only read never load them; on a wide screen they are in view at once and
 * load right after the page. The PHP and Java grammars for their highlighting come with them
 * (./languages.ts).
 */
import React, {lazy, Suspense, useEffect, useRef, useState, type ComponentProps, type ReactNode} from 'react';

import loadReferenceLanguages from './languages';
import styles from './styles.module.css';

// Samples that cannot be loaded (a network failure) are left out; the panel itself still works.
const Original = lazy(() =>
  loadReferenceLanguages()
    .then(() => import('@theme-original/ApiExplorer/CodeSnippets'))
    .catch(() => ({default: () => null})),
);

export default function CodeSnippets(props: ComponentProps<typeof Original>): ReactNode {
  const box = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || shown) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      // A browser without IntersectionObserver gets the samples at once, after hydration.
      // eslint-disable-next-line react-hooks/set-state-in-effect -- one render more, there only
      setShown(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setShown(true);
          observer.disconnect();
        }
      },
      {rootMargin: '400px 0px'},
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);
  return (
    <div ref={box} className={shown ? undefined : styles.waiting}>
      {shown && (
        <Suspense fallback={null}>
          <Original {...props} />
        </Suspense>
      )}
    </div>
  );
}
