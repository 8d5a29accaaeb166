/**
 * Tells deferred content and kept code blocks (src/components/Deferred) that the page has hydrated.
 *
 * Docusaurus calls `onRouteDidUpdate` in a layout effect of the first commit, the hydration's
 * (and after every navigation); anything rendered after it is rendered in the browser, with no
 * server markup to keep.
 */
import {markHydrated} from '@site/src/components/Deferred';

export function onRouteDidUpdate(): void {
  markHydrated();
}
