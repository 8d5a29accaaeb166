/**
 * Every link that leaves the portal, in one place (DESIGN.md, Portal decisions).
 *
 * These are placeholders until the production addresses are decided; change them here and
 * nowhere else. The navbar and the footer in `docusaurus.config.ts` read from this object.
 */
export const externalLinks = {
  /** Online application entry on the provider's admin site. */
  apply: 'https://admin.noren.example/apply',
  /** Inquiry page on the provider's admin site. */
  inquiry: 'https://admin.noren.example/inquiry',
  /** The provider's homepage. */
  homepage: 'https://noren.example',
  /** The provider's blog. */
  blog: 'https://noren.example/blog',
  /** The provider's public code-hosting organisation. */
  codeOrg: 'https://github.com/noren-example',
} as const;

export type ExternalLinks = typeof externalLinks;
