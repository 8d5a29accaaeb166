// Replaces the original (no @theme-original): what it does on load is the cost removed here, and it is inside its one function.
/**
 * The reference theme's page of a reference doc (an operation, a tag, an overview), rebuilt so
 * that hydrating it costs what the page shows (issue 36 item 5: Total Blocking Time on a phone).
 *
 * The original, on every render: gunzipped and parsed the operation (the `api` front matter),
 * built a Redux store, and once `useIsBrowser()` turned true after hydration it built a second
 * store and rendered the whole operation again (a new `<MDXComponent />` element each time, so
 * React re-rendered every parameter, schema and response, more main-thread time than the
 * hydration itself on /references/pay/refund). Its store also brought crypto-js and pako into
 * every reference page's first scripts.
 *
 * Here:
 * - the page's content is one element, made once, so nothing re-renders it after hydration;
 * - the page's store starts empty, as the original's did until hydration ended (what the
 *   operation's text reads from it: the chosen content type, the chosen schema of a `oneOf`),
 *   and is made once;
 * - the try-it panel (src/theme/ApiExplorer), when it loads, decodes the operation, builds the
 *   original's browser store (keys from session storage, the servers, the parameters'
 *   examples) and hands it to the page, which then shares it with the operation's text as the
 *   original's did. Decoding and the store's makings (pako, crypto-js) load with the panel.
 * Markup, classes, layout and the branches for schema pages and plain docs are the original's.
 */
import React, {useMemo, useState, type ReactNode} from 'react';
import type {Props} from '@theme/DocItem';
import BrowserOnly from '@docusaurus/BrowserOnly';
import {DocProvider} from '@docusaurus/plugin-content-docs/client';
import {HtmlClassNameProvider} from '@docusaurus/theme-common';
import clsx from 'clsx';
import {Provider} from 'react-redux';
import ApiExplorer from '@theme/ApiExplorer';
import Layout from '@theme/ApiItem/Layout';
import {createStoreWithoutState, type ApiStore} from '@theme/ApiItem/store';
import CodeBlock from '@theme/CodeBlock';
import Metadata from '@theme/DocItem/Metadata';
import {SchemaExpansionProvider} from '@theme/SchemaExpansion';
import SkeletonLoader from '@theme/SkeletonLoader';

interface ApiFrontMatter {
  api?: string;
  schema?: unknown;
  sample?: unknown;
  info_path?: string;
  title?: string;
}

export default function ApiItem(props: Props): ReactNode {
  const docHtmlClassName = `docs-doc-id-${props.content.metadata.id}`;
  const MDXComponent = props.content;
  const frontMatter = MDXComponent.frontMatter as ApiFrontMatter;
  const {api, schema, sample, info_path: infoPath} = frontMatter;
  const [store, setStore] = useState<ApiStore>(() => createStoreWithoutState({}, []));
  const content = useMemo(() => <MDXComponent />, [MDXComponent]);
  if (api) {
    return (
      <DocProvider content={props.content}>
        <HtmlClassNameProvider className={docHtmlClassName}>
          <Metadata />
          <Layout>
            <Provider store={store}>
              <SchemaExpansionProvider>
                <div className={clsx('row', 'theme-api-markdown')}>
                  <div className="col col--7 openapi-left-panel__container">{content}</div>
                  <div className="col col--5 openapi-right-panel__container">
                    {/* In the browser's pass after hydration, with the operation's parameters and
                        schemas (the theme renders those in the browser only): the panel then
                        measures how far below them it is (see src/theme/ApiExplorer). */}
                    <BrowserOnly fallback={<SkeletonLoader size="lg" />}>
                      {() => <ApiExplorer api={api} infoPath={infoPath} onStore={setStore} />}
                    </BrowserOnly>
                  </div>
                </div>
              </SchemaExpansionProvider>
            </Provider>
          </Layout>
        </HtmlClassNameProvider>
      </DocProvider>
    );
  }
  if (schema) {
    return (
      <DocProvider content={props.content}>
        <HtmlClassNameProvider className={docHtmlClassName}>
          <Metadata />
          <Layout>
            <SchemaExpansionProvider>
              <div className={clsx('row', 'theme-api-markdown')}>
                <div className="col col--7 openapi-left-panel__container schema">{content}</div>
                <div className="col col--5 openapi-right-panel__container">
                  <CodeBlock language="json" title={`${frontMatter.title}`}>
                    {JSON.stringify(sample, null, 2)}
                  </CodeBlock>
                </div>
              </div>
            </SchemaExpansionProvider>
          </Layout>
        </HtmlClassNameProvider>
      </DocProvider>
    );
  }
  return (
    <DocProvider content={props.content}>
      <HtmlClassNameProvider className={docHtmlClassName}>
        <Metadata />
        <Layout>
          <div className="row">
            <div className="col col--12 markdown">{content}</div>
          </div>
        </Layout>
      </HtmlClassNameProvider>
    </DocProvider>
  );
}
