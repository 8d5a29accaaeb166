//! The checkout's routes, read from the page's path.

/** Tokens are URL-safe random strings (DESIGN.md, payment API decisions). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,256}$/;
const NUMBER_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export type Route =
  /** `/checkout/{token}`: the payment and its brand choice. */
  | { page: 'checkout'; token: string }
  /** `/checkout/{token}/pay/{payment_number}`: the sandbox brand page of one attempt. */
  | { page: 'pay'; token: string; paymentNumber: string }
  /** Any other path under `/checkout`. */
  | { page: 'invalid'; token: null };

function segment(raw: string | undefined, pattern: RegExp): string | null {
  if (raw === undefined) return null;
  try {
    const s = decodeURIComponent(raw);
    return pattern.test(s) ? s : null;
  } catch {
    return null;
  }
}

/** The route of a path; a trailing slash is tolerated. */
export function parseRoute(pathname: string): Route {
  const m = /^\/checkout\/([^/]+)(?:\/pay\/([^/]+))?\/?$/.exec(pathname);
  const token = segment(m?.[1], TOKEN_PATTERN);
  if (m === null || token === null) return { page: 'invalid', token: null };
  if (m[2] === undefined) return { page: 'checkout', token };
  const paymentNumber = segment(m[2], NUMBER_PATTERN);
  return paymentNumber === null ? { page: 'invalid', token: null } : { page: 'pay', token, paymentNumber };
}

export const checkoutPath = (token: string) => `/checkout/${encodeURIComponent(token)}`;

export const payPath = (token: string, paymentNumber: string) =>
  `${checkoutPath(token)}/pay/${encodeURIComponent(paymentNumber)}`;
