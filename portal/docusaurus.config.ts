/**
 * Noren developer portal.
 *
 * Seed 000 §2 is the checklist for everything in this file: routes, chrome, languages,
 * light mode only and the build-time link policy. External addresses live in
 * `src/externalLinks.ts`; the API references render the specs that the noren server
 * generates into the repository's `openapi/` folder.
 */
import fs from 'fs';
import path from 'path';
import {themes as prismThemes} from 'prism-react-renderer';
import type {Config, Plugin} from '@docusaurus/types';
import type {Chunk, Compilation, Compiler} from 'webpack';
import type * as Preset from '@docusaurus/preset-classic';
import type * as OpenApiPlugin from 'docusaurus-plugin-openapi-docs';
import type {PluginOptions as SearchOptions} from '@easyops-cn/docusaurus-search-local';

import {externalLinks} from './src/externalLinks';

/**
 * Two module aliases for the reference pages' bundle:
 * - one copy of react-hook-form. The reference theme requires it as CommonJS while the portal's
 *   own components (the body editor in src/theme/ApiExplorer/LiveEditor) import it as an ES
 *   module; webpack would bundle both builds, and a field of one would not find the form of the
 *   other ("useFormContext() is null"). Both names lead to the CommonJS build here.
 * - no faker: postman-collection needs it only for Postman's random variables, which the portal
 *   never sends (src/stubs/faker.cjs says more); about 1 MB less to parse on a phone.
 */
function bundleAliases(): Plugin {
  return {
    name: 'noren-bundle-aliases',
    configureWebpack(_config, isServer) {
      return {
        resolve: {
          alias: {
            'react-hook-form$': require.resolve('react-hook-form'),
            ...(isServer ? {} : {'@faker-js/faker/locale/en$': path.resolve(__dirname, 'src/stubs/faker.cjs')}),
          },
        },
      };
    },
  };
}

/**
 * Fixes to dependencies travel as patches (patches/*.patch, applied by patch-package when
 * `npm ci` runs; scripts/check-patches.mjs checks each one). Webpack's persistent cache takes a
 * package in node_modules to be what its version says, so a patch made or changed in place
 * (`npx patch-package <package>`) would not reach a build that reuses the cache: the patches
 * are build dependencies of the cache, which a changed one evicts.
 */
function patchesInCache(): Plugin {
  return {
    name: 'noren-patches-in-cache',
    configureWebpack(config) {
      const dir = path.join(__dirname, 'patches');
      const patches = fs.readdirSync(dir).filter((f) => f.endsWith('.patch')).map((f) => path.join(dir, f));
      // Rspack (Docusaurus Faster): `experiments.cache`, whose build dependencies are a list.
      const rspackCache = (config as {experiments?: {cache?: {type?: string; buildDependencies?: string[]}}})
        .experiments?.cache;
      if (rspackCache?.type === 'persistent') {
        rspackCache.buildDependencies = [...(rspackCache.buildDependencies ?? []), ...patches];
      } else if (typeof config.cache === 'object' && config.cache.type === 'filesystem') {
        config.cache.buildDependencies = {...config.cache.buildDependencies, norenPatches: patches};
      }
      return {};
    },
  };
}

/**
 * The reference pages' code in a chunk of its own. Docusaurus puts every module that half the
 * pages use into one `common` chunk that every page loads. With a page per operation the
 * references are most of the pages, so their theme (components, Redux, the schema merger and a
 * Markdown renderer: 430 of common's 538 kB) went to the home page and every guide too. Issue 18:
 * guides must not load reference code.
 *
 * Here `common` counts only the other pages, and a `references` group collects what reference
 * pages share; a reference page is a chunk holding one of the generated operation pages or the
 * theme's ApiItem. A guide that uses a module of the reference theme (its Tabs override) keeps
 * its own copy. The try-it panel and the code samples stay in their lazy chunks: those are not
 * page chunks, so neither group takes their modules.
 */
const REFERENCE_PAGE_MODULE =
  /[\\/](references|docusaurus-plugin-content-docs-references[\\/]current)[\\/].+\.mdx$|[\\/]docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/]ApiItem[\\/]index\.js$/;

function referenceChunks(): Plugin {
  return {
    name: 'noren-reference-chunks',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      // The chunk filters below look up a chunk's modules in the compilation being optimised.
      let compilation: Compilation | undefined;
      const isReferencePage = (chunk: Chunk): boolean => {
        if (!compilation) throw new Error('noren-reference-chunks: no compilation');
        for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
          const resource = (module as {resource?: string}).resource;
          if (resource && REFERENCE_PAGE_MODULE.test(resource)) return true;
          // Concatenated modules keep their parts in `modules`.
          for (const inner of (module as {modules?: Iterable<{resource?: string}>}).modules ?? []) {
            if (inner.resource && REFERENCE_PAGE_MODULE.test(inner.resource)) return true;
          }
        }
        return false;
      };
      return {
        plugins: [
          {
            apply(compiler: Compiler) {
              compiler.hooks.thisCompilation.tap('noren-reference-chunks', (current) => {
                compilation = current;
              });
            },
          },
        ],
        optimization: {
          splitChunks: {
            cacheGroups: {
              common: {chunks: (chunk: Chunk) => !isReferencePage(chunk)},
              references: {
                name: 'references',
                chunks: (chunk: Chunk) => isReferencePage(chunk),
                minChunks: 2,
                priority: 39,
              },
            },
          },
        },
      };
    },
  };
}

/**
 * The three references: one page per operation, generated by docusaurus-plugin-openapi-docs
 * (`npm run gen:references`, run by `npm run build`) from the specs that
 * scripts/references.mjs prepares from the repository's `openapi/` folder: English into
 * `references/<id>/`, Japanese (with the texts of `openapi/ja/<id>.json`) into the docs
 * instance's i18n folder, so both languages have the same pages at the same paths.
 */
const referenceSpecs = ['pay', 'order', 'inbound'] as const;
const referenceConfig: Record<string, OpenApiPlugin.Options> = Object.fromEntries(
  referenceSpecs.flatMap((id) => {
    const options = {
      // Every group open (seed 000 §2: categories do not auto-collapse).
      sidebarOptions: {groupPathsBy: 'tag', categoryLinkSource: 'tag', sidebarCollapsed: false},
      // Seed 000 §2: the reference pages hide the download button (no downloadUrl is set).
      showSchemas: false,
    } satisfies Partial<OpenApiPlugin.Options>;
    return [
      [id, {...options, specPath: `.references/en/${id}.json`, outputDir: `references/${id}`}],
      [
        `${id}_ja`,
        {
          ...options,
          specPath: `.references/ja/${id}.json`,
          outputDir: `i18n/ja/docusaurus-plugin-content-docs-references/current/${id}`,
        },
      ],
    ];
  }),
);

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

/**
 * Docusaurus's page template with one change: the site's scripts start after the page's first
 * paint instead of as `defer` scripts (issue 18 item 6).
 *
 * A `defer` script waits for the stylesheet, and when both arrive together the browser runs the
 * scripts (the entry script's task is the page's longest, 200-300 ms on a phone's CPU) before it
 * paints: the text is on the screen later. The scripts are still fetched at once, at the low
 * priority of `defer` scripts (`preload`, `fetchpriority="low"`: the stylesheet comes first); a
 * small inline script, hashed into the CSP like Docusaurus's own, adds them in order after the
 * first frame (or after a second, in a tab opened in the background, which draws no frames). On Lighthouse's phone the Largest Contentful Paint of the guides no longer
 * swings between about 1.9 and 2.8 s from run to run.
 */
const ssrTemplate = `<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" />
    <% }); %>
    <% it.scripts.forEach((script) => { %>
      <link rel="preload" as="script" fetchpriority="low" href="<%= it.baseUrl %><%= script %>" />
    <% }); %>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <%~ it.postBodyTags %>
    <script>(function(){var started=false;function start(){if(started)return;started=true;<%~ JSON.stringify(it.scripts.map((script) => it.baseUrl + script)) %>.forEach(function(src){var s=document.createElement("script");s.src=src;s.async=false;document.head.appendChild(s)})}requestAnimationFrame(function(){setTimeout(start)});setTimeout(start,1000)})()</script>
  </body>
</html>
`;

const config: Config = {
  title: 'Noren',
  /**
   * Docusaurus Faster (issue 33 item 5): Rspack instead of webpack, SWC instead of Babel and
   * Terser, Lightning CSS instead of cssnano, each MDX file compiled once for both bundles, and
   * the static pages rendered on worker threads. A cold build of both languages took 51 s on
   * 2 cores, against about 300 s with webpack. The v4 flag is the one that worker threads need;
   * the others (CSS cascade layers, storage namespacing) would change what readers see.
   */
  future: {
    v4: {removeLegacyPostBuildHeadAttribute: true},
    faster: {
      swcJsLoader: true,
      swcJsMinimizer: true,
      swcHtmlMinimizer: true,
      lightningCssMinimizer: true,
      mdxCrossCompilerCache: true,
      rspackBundler: true,
      rspackPersistentCache: true,
      ssgWorkerThreads: true,
      gitEagerVcs: false,
    },
  },
  ssrTemplate,
  tagline: 'Payments, restaurant ordering and inbound reservations for merchants in Japan',
  favicon: 'img/favicon.svg',

  // From NOREN_PORTAL_URL at build time (see portalUrl above); the noren binary serves the
  // portal at its own root.
  url: portalUrl(),
  baseUrl: '/',
  trailingSlash: false,
  titleDelimiter: '|',
  // The banner's inline script only helps a site served under the wrong base URL; one script fewer to hash.
  baseUrlIssueBanner: false,

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
          customCss: ['./src/css/custom.css', './src/css/references.css'],
        },
      } satisfies Preset.Options,
    ],
  ],

  themes: [
    'docusaurus-theme-openapi-docs',
    [
      '@easyops-cn/docusaurus-search-local',
      {
        hashed: true,
        language: ['en', 'ja'],
        // The references are docs too: search finds each operation by its summary, path and id.
        docsRouteBasePath: ['/docs', '/references'],
        docsDir: ['docs', 'references'],
        blogRouteBasePath: '/blog',
        indexBlog: true,
        indexPages: false,
        highlightSearchTermsOnTargetPage: true,
        explicitSearchResultPath: true,
      } satisfies SearchOptions,
    ],
  ],

  plugins: [
    'docusaurus-plugin-sass',
    bundleAliases,
    referenceChunks,
    patchesInCache,
    [
      '@docusaurus/plugin-content-docs',
      {
        id: 'references',
        path: 'references',
        routeBasePath: 'references',
        sidebarPath: './sidebars-references.ts',
        docItemComponent: '@theme/ApiItem',
      },
    ],
    [
      'docusaurus-plugin-openapi-docs',
      {id: 'openapi', docsPluginId: 'references', config: referenceConfig},
    ],
  ],

  // Seed 000 §2: a route whose code fails to load shows the error page with Retry (see the file).
  // Deferred content (src/components/Deferred) learns that the page has hydrated.
  clientModules: ['./src/clientModules/routeLoadFailure.ts', './src/clientModules/hydration.ts'],

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
      // The logo is decorative: the title beside it names the link already (axe
      // image-redundant-alt: an alt that repeats the link's text).
      logo: {
        alt: '',
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
    // The try-it panels (docusaurus-theme-openapi-docs) keep the reader's key in session
    // storage only: gone when the tab closes, never in local storage or a URL.
    api: {
      authPersistance: 'sessionStorage',
      requestCredentials: 'omit',
    },
    languageTabs: [
      {highlight: 'bash', language: 'curl', logoClass: 'curl'},
      {highlight: 'python', language: 'python', logoClass: 'python', variant: 'requests'},
      {highlight: 'javascript', language: 'nodejs', logoClass: 'nodejs', variant: 'axios'},
      {highlight: 'go', language: 'go', logoClass: 'go'},
      {highlight: 'ruby', language: 'ruby', logoClass: 'ruby'},
      {highlight: 'php', language: 'php', logoClass: 'php'},
      {highlight: 'java', language: 'java', logoClass: 'java', variant: 'unirest'},
    ],
    prism: {
      theme: prismTheme,
      // What the guides use beyond prism-react-renderer's own set (which has JSON, Python, Go,
      // JavaScript and Rust). PHP and Java, for the references' code samples only, are registered
      // when those load (src/theme/ApiExplorer/CodeSnippets/languages.ts).
      additionalLanguages: ['bash', 'ruby', 'toml'],
    },
  } satisfies Preset.ThemeConfig,
};

export default config;
