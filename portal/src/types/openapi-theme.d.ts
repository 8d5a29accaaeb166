// Components of docusaurus-theme-openapi-docs that the portal uses and the theme's own type
// declarations do not cover.
declare module '@theme/SkeletonLoader' {
  import type {ReactNode} from 'react';

  export default function SkeletonLoader(props: {size?: 'sm' | 'md' | 'lg'}): ReactNode;
}
