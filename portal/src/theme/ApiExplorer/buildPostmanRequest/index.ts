/**
 * Wraps the try-it panel's request builder (docusaurus-theme-openapi-docs) for two things:
 *
 * 1. The page's own origin. The portal lists it as the first server with an empty URL
 *    (scripts/references.mjs), which the builder would turn into a relative URL: the request
 *    still goes to this origin, but the code samples beside it (`curl -L '/v3/…'`) would not
 *    run as written. Here the empty URL becomes `window.location.origin`.
 * 2. Values that are not strings. The panel fills parameters from the spec's examples, which
 *    may be numbers (`pax: 2`); the HTTP library under it sends a non-string query value as a
 *    bare name (`?pax`), which the API rightly refuses. Every value is sent as text.
 */
import originalBuilder from '@theme-original/ApiExplorer/buildPostmanRequest';

/** The part of the builder's options this wrapper reads (the theme's own types are not exported). */
type Param = {value?: unknown} & Record<string, unknown>;
type Options = {
  server?: {url: string} & Record<string, unknown>;
  queryParams: Param[];
  pathParams: Param[];
  headerParams: Param[];
  cookieParams: Param[];
} & Record<string, unknown>;
type Builder = (postman: unknown, options: Options) => unknown;
const original = originalBuilder as unknown as Builder;

function asText(params: Param[]): Param[] {
  return params.map((p) => {
    const value: unknown = p.value;
    return typeof value === 'number' || typeof value === 'boolean' ? {...p, value: String(value)} : p;
  });
}

export default function buildPostmanRequest(postman: unknown, options: Options): unknown {
  const ownOrigin = typeof window === 'undefined' ? '' : window.location.origin;
  const server = options.server && options.server.url === '' ? {...options.server, url: ownOrigin} : options.server;
  return original(postman, {
    ...options,
    server,
    queryParams: asText(options.queryParams),
    pathParams: asText(options.pathParams),
    headerParams: asText(options.headerParams),
    cookieParams: asText(options.cookieParams),
  });
}
