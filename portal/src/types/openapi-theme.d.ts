// Components of docusaurus-theme-openapi-docs that the portal uses and the theme's own type
// declarations do not cover.
declare module '@theme/SkeletonLoader' {
  import type {ReactNode} from 'react';

  export default function SkeletonLoader(props: {size?: 'sm' | 'md' | 'lg'}): ReactNode;
}

// The theme's vendored tabs context, shared by its `<Tabs>` and the portal's `TabItem`.
declare module '@theme/utils/tabsUtils' {
  export function useTabs(): {selectedValue: string; lazy: boolean};
}

// The reference page (src/theme/ApiItem) and the try-it panel (src/theme/ApiExplorer): the
// theme's store and the functions that make its browser state.
declare module '@theme/ApiItem/store' {
  import type {Store} from 'redux';

  export type ApiStore = Store;
  export function createStoreWithoutState(preloadedState: object, middlewares: unknown[]): ApiStore;
  export function createStoreWithState(preloadedState: object, middlewares: unknown[]): ApiStore;
}

declare module '@theme/ApiExplorer/Authorization/slice' {
  export function createAuth(args: {security?: unknown; securitySchemes?: unknown; options?: unknown}): unknown;
}

declare module '@theme/ApiExplorer/persistenceMiddleware' {
  export function createPersistenceMiddleware(options: unknown): unknown;
}

declare module '@theme/ApiExplorer/storage-utils' {
  export function createStorage(persistence: false | 'sessionStorage' | 'localStorage'): Pick<Storage, 'getItem'>;
}

declare module '@theme/ApiItem/Layout' {
  import type {ReactNode} from 'react';

  export default function Layout(props: {children?: ReactNode}): ReactNode;
}

declare module '@theme/SchemaExpansion' {
  import type {ReactNode} from 'react';

  export function SchemaExpansionProvider(props: {children?: ReactNode}): ReactNode;
}

declare module '@theme/ApiExplorer' {
  import type {ReactNode} from 'react';
  import type {ApiStore} from '@theme/ApiItem/store';

  export default function ApiExplorer(props: {api: string; infoPath?: string; onStore: (store: ApiStore) => void}): ReactNode;
}
