/**
 * The try-it panel as the reference theme draws it, with what the theme's page (ApiItem) used
 * to prepare for it on every reference page's load: the operation decoded from the front
 * matter, and the panel's Redux store in the browser (src/theme/ApiItem says why it moved).
 * The store is the original's, made the same way; once made it is handed to the page
 * (`onStore`), so that the operation's text and the panel share it as before.
 */
import React, {useEffect, useState, type ReactNode} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {ungzip} from 'pako';
import {Provider} from 'react-redux';
import Original from '@theme-original/ApiExplorer';
import {createAuth} from '@theme/ApiExplorer/Authorization/slice';
import {createPersistenceMiddleware} from '@theme/ApiExplorer/persistenceMiddleware';
import {createStorage} from '@theme/ApiExplorer/storage-utils';
import {createStoreWithState, type ApiStore} from '@theme/ApiItem/store';

import type {Props} from './index';

interface Param {
  in: string;
  example?: unknown;
  examples?: Record<string, {value?: unknown}>;
  schema?: {default?: unknown; example?: unknown};
}

interface Operation {
  responses?: Record<string, {content?: Record<string, unknown>}>;
  requestBody?: {content?: Record<string, unknown>};
  servers?: unknown[];
  parameters?: Param[];
  security?: unknown;
  securitySchemes?: unknown;
}

interface ApiOptions {
  authPersistence?: false | 'sessionStorage' | 'localStorage';
}

function decode(api: string): Operation {
  const bytes = Uint8Array.from(atob(api), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(ungzip(bytes))) as Operation;
}

/** The original ApiItem's browser store (docusaurus-theme-openapi-docs 5.2.0, ApiItem/index.js). */
function browserStore(api: Operation, options: ApiOptions | undefined): ApiStore {
  // Request samples are made from the 2XX responses' content types only.
  const accept = Object.entries(api.responses ?? {})
    .filter(([code]) => /(20[0-9]|2[1-9][0-9])/.test(code))
    .flatMap(([, response]) => Object.keys(response.content ?? {}));
  const contentTypes = Object.keys(api.requestBody?.content ?? {});
  const params: Record<string, unknown[]> = {path: [], query: [], header: [], cookie: []};
  for (const param of api.parameters ?? []) {
    // Prefill order: schema.default, then the example sources (the theme's #544 and #1079).
    const firstNamedExample = param.examples && typeof param.examples === 'object' ? Object.values(param.examples)[0]?.value : undefined;
    const prefill = param.schema?.default ?? param.example ?? param.schema?.example ?? firstNamedExample;
    params[param.in]?.push(prefill !== undefined ? {...param, value: prefill} : param);
  }
  const auth = createAuth({security: api.security, securitySchemes: api.securitySchemes, options});
  const storage = createStorage(options?.authPersistence ?? 'sessionStorage');
  const server = storage.getItem('server');
  const serverObject = server ? (JSON.parse(server) as {url?: string}) : undefined;
  return createStoreWithState(
    {
      accept: {value: accept[0], options: accept},
      contentType: {value: contentTypes[0], options: contentTypes},
      server: {value: serverObject?.url ? serverObject : undefined, options: api.servers ?? []},
      response: {value: undefined},
      body: {type: 'empty'},
      params,
      auth,
      schemaSelection: {selections: {}},
      encodingSelection: {},
    },
    [createPersistenceMiddleware(options)],
  );
}

export default function Loaded({api: encoded, infoPath, onStore}: Props): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const options = (siteConfig.themeConfig as {api?: ApiOptions}).api;
  const [{api, store}] = useState(() => {
    const operation = decode(encoded);
    return {api: operation, store: browserStore(operation, options)};
  });
  useEffect(() => onStore(store), [onStore, store]);
  return (
    <Provider store={store}>
      <Original item={api} infoPath={infoPath} />
    </Provider>
  );
}
