/**
 * Wraps the tab panel of the reference theme (docusaurus-theme-openapi-docs, which replaces
 * Docusaurus's `<TabItem>` so guides and references share one tabs context) to tell what it
 * holds whether it is hidden.
 *
 * A hidden panel's code blocks are written without syntax highlighting (see
 * `CodeBlock/Content`) and highlighted when the reader selects the tab. The server renders the
 * default tab exactly as the browser's first render does, so hydration matches. On
 * /docs/payments/webhooks four of the five verification examples (about 250 lines) are in hidden
 * tabs; Prism tokenised them during hydration, inside the page's longest tasks on Lighthouse's
 * phone. The panel itself (its markup, its `lazy` handling) is the theme's.
 *
 * A hidden panel's content (a guide's other languages; a reference operation's other status
 * codes and the examples behind their tab) is rendered in the browser only once its tab is
 * chosen (src/components/Deferred): while the page hydrates the server's markup is kept, and a
 * panel the browser renders first stays empty until then.
 */
import React, {type ReactNode} from 'react';
import type {Props} from '@theme/TabItem';
import TabItem from '@theme-original/TabItem';
import {useTabs} from '@theme/utils/tabsUtils';
import Deferred from '@site/src/components/Deferred';
import {HiddenPanelContext, useInHiddenTabPanel} from './HiddenPanel';

export default function TabItemWrapper({children, ...props}: Props): ReactNode {
  const {selectedValue} = useTabs();
  const enclosingHidden = useInHiddenTabPanel();
  const hidden = enclosingHidden || props.value !== selectedValue;
  return (
    <TabItem {...props}>
      <HiddenPanelContext.Provider value={hidden}>
        <Deferred deferred={hidden}>{children}</Deferred>
      </HiddenPanelContext.Provider>
    </TabItem>
  );
}
