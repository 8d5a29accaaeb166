/**
 * Docusaurus's code block content: highlighted by the server only, on a page's first load;
 * rendered once; without Prism while it sits in a hidden tab panel (issues 18 item 6 and 36
 * item 5: Total Blocking Time on a phone).
 *
 * - **Server highlighting kept.** The server wrote every block's lines already tokenised and
 *   coloured. While the page hydrates, the block's `<pre>` keeps them
 *   (src/components/Deferred) instead of Prism tokenising every line again to find the
 *   same markup: Prism's grammars (prism-react-renderer, about 110 kB) are not even loaded. A
 *   block rendered later in the browser (a page reached by a link, a tab chosen, a `<details>`
 *   opened) loads them (./Highlighted.tsx) and shows its code plain for that moment.
 * - **Once.** The block's word-wrap state settles in effects after hydration (whether the block
 *   scrolls, whether it sits in a hidden tab: `useCodeWordWrap`), and every change gives the
 *   code block context a new value, so the original content re-rendered every line of every
 *   block of the page after load. The content reads only the block's metadata and the ref of its
 *   `<pre>`, so it gets a context that changes only when those do, and is memoised.
 * - **Plain while hidden.** In a hidden tab panel the metadata (magic comments, line numbers,
 *   title: computed for the real language) is kept and only the tokeniser is told `text`, which
 *   Prism leaves as plain lines. When the reader selects the tab the block renders again,
 *   highlighted. Search and readers without script still get the code: it is in the page.
 *
 * The buttons (copy, word wrap) are the original's and work on the kept markup: they read the
 * code from the metadata and wrap lines through the `<pre>`'s DOM.
 */
import React, {lazy, Suspense, useCallback, useMemo, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import type {Props} from '@theme/CodeBlock/Content';
import {usePrismTheme} from '@docusaurus/theme-common';
// Only in theme-common's internal entry (3.10 has no public code block context API); pinned to 3.10.2.
import {CodeBlockContextProvider, useCodeBlockContext} from '@docusaurus/theme-common/internal';
// The original's class names, so a kept or plain block looks as the original draws it.
import contentStyles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';
import {KEEP_SERVER_MARKUP, useKeptServerMarkup} from '@site/src/components/Deferred';
import {useInHiddenTabPanel} from '../../TabItem/HiddenPanel';

const Highlighted = lazy(() => import('./Highlighted'));

export default function CodeBlockContent(props: Props): ReactNode {
  const {metadata, wordWrap} = useCodeBlockContext();
  const hidden = useInHiddenTabPanel();
  const prismTheme = usePrismTheme();
  // The metadata object is built anew on every render of the block; its JSON (the code, the
  // language, titles, line classes: plain data) tells whether it really changed.
  const metadataKey = JSON.stringify(metadata);
  const {codeBlockRef, isEnabled} = wordWrap;
  const [firstKey] = useState(`${hidden} ${metadataKey}`);
  const [kept, keptRef] = useKeptServerMarkup<HTMLPreElement>(firstKey === `${hidden} ${metadataKey}`);
  // Keyed on what the content reads, not on the objects' identities (new on every render).
  const steadyMetadata = useMemo(
    () => (hidden ? {...metadata, language: 'text'} : metadata),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on purpose: the JSON, not `metadata`
    [metadataKey, hidden],
  );
  // eslint-disable-next-line react-hooks/exhaustive-deps -- on purpose: its two fields, not `wordWrap`
  const steadyWordWrap = useMemo(() => wordWrap, [codeBlockRef, isEnabled]);
  const preRef = useCallback(
    (element: HTMLPreElement | null) => {
      codeBlockRef.current = element;
      keptRef.current = element;
    },
    [codeBlockRef, keptRef],
  );
  // The `<pre>` as the original writes it (prism-react-renderer's class and style, the
  // original's classes); its lines are the server's, or plain text until Prism has loaded.
  const preProps = {
    ref: preRef,
    tabIndex: 0,
    className: clsx(props.className, 'prism-code', `language-${steadyMetadata.language}`, contentStyles.codeBlock, 'thin-scrollbar'),
    style: prismTheme.plain,
  };
  const plain = (
    <pre {...preProps}>
      <code className={contentStyles.codeBlockLines}>{metadata.code}</code>
    </pre>
  );
  let content: ReactNode;
  if (kept) {
    content = <pre {...preProps} dangerouslySetInnerHTML={KEEP_SERVER_MARKUP} suppressHydrationWarning />;
  } else if (typeof window === 'undefined') {
    // The server waits for the highlighter and writes the block in place. (Under a Suspense
    // boundary, React would stream it to the end of the page and move it with an inline script.)
    content = <Highlighted {...props} />;
  } else {
    // In the browser only after hydration (until then the block is kept), so no boundary is hydrated.
    content = (
      <Suspense fallback={plain}>
        <Highlighted {...props} />
      </Suspense>
    );
  }
  return (
    <CodeBlockContextProvider metadata={steadyMetadata} wordWrap={steadyWordWrap}>
      {content}
    </CodeBlockContextProvider>
  );
}
