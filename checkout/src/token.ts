//! Reads the checkout token from the page's path.

/** Tokens are URL-safe random strings (DESIGN.md, payment API decisions). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,256}$/;

/**
 * Returns the token of a `/checkout/{token}` path, or `null` when the path carries none or a
 * malformed one. A trailing slash is tolerated; anything after the token is not.
 */
export function tokenFromPath(pathname: string): string | null {
  const match = /^\/checkout\/([^/]+)\/?$/.exec(pathname);
  const raw = match?.[1];
  if (raw === undefined) return null;
  let token: string;
  try {
    token = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return TOKEN_PATTERN.test(token) ? token : null;
}
