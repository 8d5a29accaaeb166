/**
 * Noren developer portal.
 *
 * Seed 000 §2 is the checklist for everything in this file: routes, chrome, languages,
 * light mode only and the build-time link policy. External addresses live in
 * `src/externalLinks.ts`; the API references render the specs that the noren server
 * generates into the repository's `openapi/` folder.
 */
import path from 'path';
import {themes as prismThemes} from 'prism-react-renderer';
import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import type * as Redocusaurus from 'redocusaurus';
import type {PluginOptions as SearchOptions} from '@easyops-cn/docusaurus-search-local';

import {externalLinks} from './src/externalLinks';
import redocCompat from './plugins/redoc-compat';

/**
 * The portal's public origin, read at build time from NOREN_PORTAL_URL (e.g.
 * `https://developers.example.com`). Docusaurus writes it into canonical links, og:url and
 * the sitemap, so it must be where readers reach the portal, never the server's bind address.
 * The default is a placeholder under the reserved `.example` domain, like src/externalLinks.ts.
 * The portal is served at the root of that origin (`baseUrl: '/'`), so a path is refused.
 */
function portalUrl(): string {
  const raw = process.env.NOREN_PORTAL_URL?.trim() || 'https://developers.noren.example';
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new Error(`NOREN_PORTAL_URL=${raw} is not a URL (e.g. https://developers.example.com)`);
  }
  if (!['http:', 'https:'].includes(parsed.protocol) || parsed.pathname !== '/' || parsed.search || parsed.hash) {
    throw new Error(
      `NOREN_PORTAL_URL=${raw} must be an http(s) origin without a path (e.g. https://developers.example.com)`,
    );
  }
  return parsed.origin;
}

/**
 * Code highlighting: Prism's VS Light theme, whose token colours all reach WCAG AA's 4.5:1 on
 * its white background (GitHub's, the default, has five below it, down to 2.6:1), except
 * attribute names (#ff0000, 4.0:1), darkened here to #e00000 (5.0:1).
 */
const prismTheme: typeof prismThemes.vsLight = {
  ...prismThemes.vsLight,
  styles: prismThemes.vsLight.styles.map((entry) =>
    entry.types.includes('attr-name') ? {...entry, style: {...entry.style, color: '#e00000'}} : entry,
  ),
};

/** The generated specs, outside the portal folder (absolute, so redocusaurus never treats them as URLs). */
const specFile = (name: string): string => path.resolve(__dirname, '..', 'openapi', name);

const config: Config = {
  title: 'Noren',
  tagline: 'Payments, restaurant ordering and inbound reservations for merchants in Japan',
  favicon: 'img/favicon.svg',

  // From NOREN_PORTAL_URL at build time (see portalUrl above); the noren binary serves the
  // portal at its own root.
  url: portalUrl(),
  baseUrl: '/',
  trailingSlash: false,
  titleDelimiter: '|',

  // Seed 000 §2, build-time link policy.
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'warn',
  onDuplicateRoutes: 'warn',
  markdown: {
    hooks: {
      onBrokenMarkdownLinks: 'warn',
    },
  },

  i18n: {
    defaultLocale: 'en',
    locales: ['en', 'ja'],
    localeConfigs: {
      en: {label: 'English', htmlLang: 'en'},
      ja: {label: '日本語', htmlLang: 'ja'},
    },
  },

  presets: [
    [
      'classic',
      {
        docs: {
          routeBasePath: 'docs',
          sidebarPath: './sidebars.ts',
        },
        blog: {
          routeBasePath: 'blog',
          blogTitle: 'Developer updates',
          blogDescription: 'News for developers integrating with Noren.',
          showReadingTime: true,
          blogSidebarCount: 'ALL',
          blogSidebarTitle: 'All posts',
          onInlineAuthors: 'ignore',
          onUntruncatedBlogPosts: 'warn',
        },
        pages: {},
        theme: {
          customCss: './src/css/custom.css',
        },
      } satisfies Preset.Options,
    ],
    [
      'redocusaurus',
      {
        specs: [
          {id: 'pay', spec: specFile('pay.yaml'), route: '/references/pay'},
          {id: 'order', spec: specFile('order.json'), route: '/references/order'},
          {id: 'inbound', spec: specFile('inbound.json'), route: '/references/inbound'},
        ],
        theme: {
          primaryColor: '#1f4e79',
          options: {
            // Seed 000 §2: the reference pages hide the download button.
            hideDownloadButtons: true,
          },
        },
      },
    ] satisfies Redocusaurus.PresetEntry,
  ],

  themes: [
    [
      '@easyops-cn/docusaurus-search-local',
      {
        hashed: true,
        language: ['en', 'ja'],
        docsRouteBasePath: '/docs',
        blogRouteBasePath: '/blog',
        indexBlog: true,
        indexPages: false,
        highlightSearchTermsOnTargetPage: true,
        explicitSearchResultPath: true,
      } satisfies SearchOptions,
    ],
  ],

  plugins: [redocCompat],

  // Seed 000 §2: a route whose code fails to load shows the error page with Retry (see the file).
  clientModules: ['./src/clientModules/routeLoadFailure.ts'],

  themeConfig: {
    image: 'img/logo.svg',
    colorMode: {
      defaultMode: 'light',
      disableSwitch: true,
      respectPrefersColorScheme: false,
    },
    announcementBar: {
      // The text is translated in src/theme/AnnouncementBar/Content. Changing the id shows
      // the bar again to readers who dismissed it.
      id: 'sandbox-2025',
      content: 'Try every call against a local sandbox: make run prints test keys.',
      isCloseable: true,
    },
    docs: {
      sidebar: {
        hideable: false,
        autoCollapseCategories: false,
      },
    },
    blog: {
      sidebar: {
        groupByYear: true,
      },
    },
    tableOfContents: {
      minHeadingLevel: 2,
      maxHeadingLevel: 3,
    },
    navbar: {
      title: 'Noren',
      logo: {
        alt: 'Noren',
        src: 'img/logo.svg',
      },
      items: [
        {type: 'doc', docId: 'index', position: 'left', label: 'Docs'},
        {
          type: 'dropdown',
          label: 'References',
          position: 'left',
          items: [
            {label: 'Payment API', to: '/references/pay'},
            {label: 'Ordering API', to: '/references/order'},
            {label: 'Inbound API', to: '/references/inbound'},
          ],
        },
        {label: 'Apply', href: externalLinks.apply, position: 'right'},
        {label: 'Inquiry', href: externalLinks.inquiry, position: 'right'},
        {type: 'localeDropdown', position: 'right'},
        {type: 'search', position: 'right'},
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'References',
          items: [{label: 'Payment API', to: '/references/pay'}],
        },
        {
          title: 'More',
          items: [
            {label: 'Homepage', href: externalLinks.homepage},
            {label: 'Blog', href: externalLinks.blog},
            {label: 'GitHub', href: externalLinks.codeOrg},
          ],
        },
      ],
      copyright: 'Copyright © 2025 Noren.',
    },
    prism: {
      theme: prismTheme,
      additionalLanguages: ['bash', 'ruby', 'toml'],
    },
  } satisfies Preset.ThemeConfig,
};

export default config;
