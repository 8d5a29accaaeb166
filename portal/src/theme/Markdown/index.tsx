// Replaces the original (no @theme-original): importing it at all would bundle react-markdown and its unified pipeline, the cost removed here.
/**
 * The references' Markdown (operation, parameter, field and response descriptions), rendered
 * with `marked` instead of the reference theme's react-markdown + remark-gfm + rehype-raw.
 *
 * Why (measured with Lighthouse's phone, 4x slower CPU, on /references/pay/refund): the unified
 * pipeline parsed every description again in the browser while the page hydrated, 0.2 s of
 * main-thread time in tasks up to 0.6 s long, and it was about 300 kB of the 670 kB of script
 * that every reference page loads. `marked` is a CommonMark/GFM parser of 40 kB that does the
 * same texts in a fraction of the time.
 *
 * What the texts are: the committed specs in `openapi/` and their Japanese overlays, written by
 * us and built into the site, so raw HTML passes as it did with rehype-raw. They use paragraphs,
 * lists, emphasis, links and inline code; no fenced code and no admonitions (the theme's
 * `:::note` extension is not carried over), and scripts/references.mjs refuses a text that
 * uses either. The server and the browser run the same parser on the same text, so hydration
 * finds the same HTML.
 *
 * A description the server rendered keeps that HTML while the page hydrates, unparsed
 * (src/components/Deferred; issue 36 item 5): the responses' descriptions of a reference page are
 * in its HTML, and parsing them again was most of the Markdown work of its hydration. One the
 * browser renders first (the parameters and schemas, which the theme renders in the browser
 * only; another page; a changed text) is parsed.
 */
import React, {useState, type ReactNode} from 'react';
import {Marked} from 'marked';
import {KEEP_SERVER_MARKUP, useKeptServerMarkup} from '@site/src/components/Deferred';

import styles from './styles.module.css';

const marked = new Marked({gfm: true, async: false});
const rendered = new Map<string, string>();

function html(text: string): string {
  let out = rendered.get(text);
  if (out === undefined) {
    out = marked.parse(text, {async: false});
    rendered.set(text, out);
  }
  return out;
}

function MarkdownText({text}: {text: string}): ReactNode {
  const [first] = useState(text);
  const [kept, ref] = useKeptServerMarkup<HTMLDivElement>(text === first);
  // `display: contents`: the wrapper adds no box, so the blocks sit where react-markdown's did.
  return (
    <div
      ref={ref}
      className={styles.markdown}
      dangerouslySetInnerHTML={kept ? KEEP_SERVER_MARKUP : {__html: html(text)}}
      suppressHydrationWarning
    />
  );
}

export default function Markdown({children}: {children?: ReactNode}): ReactNode {
  if (typeof children !== 'string') return children ?? null;
  return <MarkdownText text={children} />;
}
