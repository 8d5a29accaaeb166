/**
 * Docusaurus's page layout, with the page's content in a `<main>` landmark when the page asks
 * for it (MainLandmark). Docs, blog and home pages put their own `<main>` inside the layout;
 * the search plugin's page does not, which leaves /search without a main landmark (Lighthouse
 * accessibility, axe `landmark-one-main` and `region`). Its wrapper (../SearchPage) asks.
 */
import React, {useContext, type ComponentProps, type ReactNode} from 'react';
import Layout from '@theme-original/Layout';

import {MainLandmark} from './MainLandmark';

export default function LayoutWrapper({children, ...props}: ComponentProps<typeof Layout>): ReactNode {
  const wrap = useContext(MainLandmark);
  return <Layout {...props}>{wrap ? <main>{children}</main> : children}</Layout>;
}
