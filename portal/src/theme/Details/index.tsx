/**
 * Docusaurus's `<details>` (the reference theme draws every field with nested fields as one)
 * whose content is rendered in the browser only once the reader opens it
 * (src/components/Deferred; issue 36 item 5): the reference theme renders its schemas in the
 * browser, and on /references/pay/refund the responses' schemas are 24 `<details>` deep, most
 * of them closed, all built right after the page hydrated. A `<details>` the server rendered
 * keeps its content in the page's HTML, and that markup is kept while the page hydrates.
 *
 * The original's markup, animation and state are unchanged; the content is rendered in the
 * same update that starts opening it, so the opening animation measures the real content.
 */
import React, {useState, type MouseEvent, type ReactNode} from 'react';
import type {Props} from '@theme/Details';
import Details from '@theme-original/Details';
import Deferred from '@site/src/components/Deferred';

/** Whether a click on `event.currentTarget` (a `<details>`) is on its own summary. */
function onOwnSummary(event: MouseEvent<HTMLDetailsElement>): boolean {
  const summary = (event.target as Element).closest?.('summary');
  return !!summary && summary.parentElement === event.currentTarget;
}

export default function DetailsWrapper({children, onClickCapture, ...props}: Props): ReactNode {
  const [opened, setOpened] = useState(!!props.open);
  return (
    <Details
      {...props}
      onClickCapture={(event: MouseEvent<HTMLDetailsElement>) => {
        if (!opened && onOwnSummary(event)) setOpened(true);
        onClickCapture?.(event);
      }}>
      <Deferred deferred={!opened}>{children}</Deferred>
    </Details>
  );
}
