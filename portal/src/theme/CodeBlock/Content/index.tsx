/**
 * Docusaurus's code block content, rendered once on load and without Prism while it sits in a
 * hidden tab panel (issue 18 item 6: Total Blocking Time on a phone).
 *
 * - **Once.** The block's word-wrap state settles in effects after hydration (whether the block
 *   scrolls, whether it sits in a hidden tab: `useCodeWordWrap`), and every change gives the
 *   code block context a new value, so the original content re-rendered every line of every
 *   block of the page after load. The content reads only the block's metadata and the ref of its
 *   `<pre>`, so it gets a context that changes only when those do, and is memoised.
 * - **Plain while hidden.** In a hidden tab panel the metadata (magic comments, line numbers,
 *   title: computed for the real language) is kept and only the tokeniser is told `text`, which
 *   Prism leaves as plain lines. When the reader selects the tab the block renders again,
 *   highlighted. Search and readers without script still get the code: it is in the page.
 */
import React, {memo, useMemo, type ReactNode} from 'react';
import type {Props} from '@theme/CodeBlock/Content';
import Content from '@theme-original/CodeBlock/Content';
// Only in theme-common's internal entry (3.10 has no public code block context API); pinned to 3.10.2.
import {CodeBlockContextProvider, useCodeBlockContext} from '@docusaurus/theme-common/internal';
import {Prism} from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';
import {useInHiddenTabPanel} from '../../TabItem/HiddenPanel';

// Prism starts here, with the first page that shows code, rather than in Docusaurus's client
// module that runs with the site's entry script (emptied by
// patches/@docusaurus+theme-classic+3.10.2.patch): its start
// (the built-in grammars and the guides' additional ones) was 60-90 ms of the entry script's
// task on Lighthouse's phone, the longest task of every page.
prismIncludeLanguages(Prism);

const SteadyContent = memo(Content as (props: Props) => ReactNode);

export default function CodeBlockContent(props: Props): ReactNode {
  const {metadata, wordWrap} = useCodeBlockContext();
  const hidden = useInHiddenTabPanel();
  // The metadata object is built anew on every render of the block; its JSON (the code, the
  // language, titles, line classes: plain data) tells whether it really changed.
  const metadataKey = JSON.stringify(metadata);
  const {codeBlockRef, isEnabled} = wordWrap;
  // Keyed on what the content reads, not on the objects' identities (new on every render).
  const steadyMetadata = useMemo(
    () => (hidden ? {...metadata, language: 'text'} : metadata),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on purpose: the JSON, not `metadata`
    [metadataKey, hidden],
  );
  // eslint-disable-next-line react-hooks/exhaustive-deps -- on purpose: its two fields, not `wordWrap`
  const steadyWordWrap = useMemo(() => wordWrap, [codeBlockRef, isEnabled]);
  return (
    <CodeBlockContextProvider metadata={steadyMetadata} wordWrap={steadyWordWrap}>
      <SteadyContent {...props} />
    </CodeBlockContextProvider>
  );
}
