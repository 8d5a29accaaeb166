/**
 * Docusaurus's code block, without its remount after hydration and with its highlighter loaded
 * alongside it.
 *
 * - The original keys its content by `useIsBrowser()`, so every code block of a page is thrown
 *   away and built again (Prism tokenising each line anew) once the page has hydrated: the server
 *   always renders the default Prism theme, and a reader in the other colour mode would keep it.
 *   The portal has one colour mode (seed 000 §2: light only, no switch), so the server's theme is
 *   already the right one. On /docs/payments/webhooks the remount was a 0.4 s task on
 *   Lighthouse's phone (4x slower CPU), most of the page's Total Blocking Time.
 * - Docusaurus loads prism-react-renderer and the configured grammars in its start-up module, so
 *   every page paid for them before it could hydrate, code on the page or not: about 100 kB of
 *   the 500 kB start-up script. Here the highlighted block (`CodeBlock/Content/String`, which
 *   holds the highlighter) is a chunk of its own, loaded with the grammars (src/prism), and the
 *   start-up module is replaced by a no-op (`prismOnDemand` in docusaurus.config.ts). The server
 *   renders the highlighted block as before; in the browser the block keeps that HTML until the
 *   chunk has loaded and then hydrates. After a client-side navigation, the first code block
 *   shows its plain text for the moment the chunk loads.
 */
import React, {isValidElement, lazy, Suspense, type ReactNode} from 'react';
import type {Props} from '@theme/CodeBlock';
import ElementContent from '@theme/CodeBlock/Content/Element';

import {loadGuideGrammars} from '../../prism/grammars';

const StringContent = lazy(() => loadGuideGrammars().then(() => import('@theme/CodeBlock/Content/String')));

/** The children as one string when they are only strings (so Copy can copy them), as the original. */
function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (React.Children.toArray(children).some((el) => isValidElement(el))) {
    return children;
  }
  return Array.isArray(children) ? children.join('') : children;
}

export default function CodeBlock({children: rawChildren, ...props}: Props): ReactNode {
  const children = maybeStringifyChildren(rawChildren);
  if (typeof children !== 'string') {
    return <ElementContent {...props}>{children}</ElementContent>;
  }
  // Until the highlighter has loaded (after a client-side navigation): the code as plain text,
  // in Docusaurus's code block frame.
  const plain = (
    <div className="theme-code-block margin-bottom--lg">
      <pre className="prism-code thin-scrollbar">
        <code>{children}</code>
      </pre>
    </div>
  );
  return (
    <Suspense fallback={plain}>
      <StringContent {...props}>{children}</StringContent>
    </Suspense>
  );
}
