/**
 * Client-side stand-in for docusaurus-theme-redoc's `Redoc/Styles` (see ./index.ts).
 *
 * On the server the theme renders Redoc's CSS into two <style> elements; in the browser its
 * stand-in is an empty <div>, which React 19 reports as a hydration mismatch (error #418) and
 * answers by re-rendering the whole page. An element whose content is given with
 * dangerouslySetInnerHTML is not hydrated child by child, so the server's <style> elements
 * stay in place until Redoc's own styles take over, and React has nothing to complain about.
 */
import type {ReactNode} from 'react';

export function ServerStyles(_props: unknown): ReactNode {
  return (
    <div
      className="redocusaurus-styles"
      suppressHydrationWarning
      dangerouslySetInnerHTML={{__html: ''}}
    />
  );
}
