/**
 * The tab panel of the reference theme (docusaurus-theme-openapi-docs, which replaces
 * Docusaurus's `<TabItem>` so guides and references share one tabs context), telling what it
 * holds whether it is hidden.
 *
 * A hidden panel's code blocks are written without syntax highlighting (see
 * `CodeBlock/Content`) and highlighted when the reader selects the tab. The server renders the
 * default tab exactly as the browser's first render does, so hydration matches. On
 * /docs/payments/webhooks four of the five verification examples (about 250 lines) are in hidden
 * tabs; Prism tokenised them during hydration, inside the page's longest tasks on Lighthouse's
 * phone.
 */
import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import type {Props} from '@theme/TabItem';
import {useTabs} from '@theme/utils/tabsUtils';
import {HiddenPanelContext, useInHiddenTabPanel} from './HiddenPanel';
import styles from './styles.module.css';

export default function TabItem({children, className, value}: Props): ReactNode {
  const {selectedValue, lazy} = useTabs();
  const enclosingHidden = useInHiddenTabPanel();
  const isSelected = value === selectedValue;
  if (!isSelected && lazy) {
    return null;
  }
  return (
    <div role="tabpanel" className={clsx(styles.tabItem, className)} hidden={!isSelected}>
      <HiddenPanelContext.Provider value={enclosingHidden || !isSelected}>
        {children}
      </HiddenPanelContext.Provider>
    </div>
  );
}
