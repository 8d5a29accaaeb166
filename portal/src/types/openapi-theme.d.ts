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
