/**
 * Seed 000 §2: "If a route fails to load, the page shows the error text with a Retry button".
 *
 * How Docusaurus 3.10 loads a route: every route component is a react-loadable component
 * whose static `preload()` fetches the route's chunks once and remembers the outcome. The
 * client entry preloads the current route before it hydrates, and PendingNavigation preloads
 * the next route before it renders it; a Link preloads on hover. When a chunk fails, the
 * Loadable would render `@theme/Loading` with the error (src/theme/Loading), but it never
 * gets the chance: PendingNavigation reloads the page on a failed preload, and on the
 * reloaded page the client entry's preload rejects with nothing to catch it, so React never
 * starts and the reader is left with the server HTML and an uncaught ChunkLoadError.
 *
 * This module wraps `preload()` of every route component so that a failure is reported as a
 * warning and the promise resolves; the Loadable keeps the error, and rendering the route
 * then shows the error page:
 * - on a client-side navigation, PendingNavigation renders the route instead of reloading;
 * - on the first load, there is no server HTML the error page could hydrate (it would be a
 *   hydration mismatch), so the page is rendered from scratch: a root created here is the
 *   `window.docusaurusRoot` that the client entry renders into instead of hydrating (the
 *   hook it keeps for hot reloading);
 * - a failed preload on hover no longer leaves an unhandled rejection.
 *
 * Alternatives considered: PendingNavigation and the client entry are not theme components
 * and cannot be swizzled; a webpack chunk-loading hook sees the failure but cannot render
 * anything, and a loader that resolved instead of failing would hand react-loadable a module
 * without a component. Wrapping `preload()` touches one public static per route and nothing
 * else, and the error page itself stays the theme's `Loading` component.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import routes from '@generated/routes';
import {createRoot} from 'react-dom/client';

type RouteNode = {component?: unknown; routes?: RouteNode[]};
type Preloadable = {preload?: () => Promise<unknown>};

const guarded = new WeakSet<object>();

function onRouteLoadFailure(error: unknown): void {
  console.warn('A route of this page failed to load; showing the Retry page instead.', error);
  if (window.docusaurusRoot) {
    return;
  }
  // First load: the client entry has not rendered yet and would hydrate next.
  const container = document.getElementById('__docusaurus');
  if (container) {
    window.docusaurusRoot = createRoot(container, {
      onRecoverableError: (err, info) => {
        console.error('Docusaurus React Root onRecoverableError:', err, info);
      },
    });
  }
}

function guardRoute(route: RouteNode): void {
  const component = route.component as Preloadable | undefined;
  const preload = component?.preload;
  if (component && preload && !guarded.has(component)) {
    guarded.add(component);
    component.preload = () => preload.call(component).catch(onRouteLoadFailure);
  }
  route.routes?.forEach(guardRoute);
}

// Only in the browser: a route that fails while the site is rendered at build time must
// still fail the build.
if (ExecutionEnvironment.canUseDOM) {
  (routes as RouteNode[]).forEach(guardRoute);
}
