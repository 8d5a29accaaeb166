// ESLint for the portal's TypeScript (`npm run lint`): the recommended JavaScript and
// typescript-eslint rules, React's rules of hooks (eslint-plugin-react-hooks' recommended set,
// missing effect dependencies an error), and Docusaurus' own rules so that no UI string escapes
// translation (STYLE.md: every UI string through <Translate> or translate(), Japanese in
// i18n/ja/code.json).
import {defineConfig, globalIgnores} from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import docusaurus from '@docusaurus/eslint-plugin';
import globals from 'globals';

export default defineConfig(
  globalIgnores([
    'build/',
    '.docusaurus/',
    'node_modules/',
    // Generated from the specs by scripts/references.mjs.
    '.references/',
    'references/',
    'i18n/ja/docusaurus-plugin-content-docs-references/',
  ]),
  {
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    linterOptions: {reportUnusedDisableDirectives: 'error'},
    rules: {
      // A leading underscore marks a parameter a signature needs but the body does not use.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_'},
      ],
    },
  },
  {
    // Build-time scripts run in Node; src/stubs are CommonJS modules.
    files: ['scripts/**/*.mjs', 'src/stubs/*.cjs'],
    languageOptions: {globals: globals.node},
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: {'@docusaurus': docusaurus},
    rules: {
      // Text in JSX must come from <Translate> or translate(). Code that reads the same in
      // every language (a command, a header name) is held in a named constant instead.
      '@docusaurus/no-untranslated-text': 'error',
      // translate() and <Translate> take literal messages and ids, so that
      // `npm run write-translations` can extract them.
      '@docusaurus/string-literal-i18n-messages': 'error',
      '@docusaurus/no-html-links': 'error',
      '@docusaurus/prefer-docusaurus-heading': 'error',
    },
  },
  {
    // Node-side files: the config and scripts run in Node, not in the browser.
    files: ['*.{ts,mjs,cjs}', 'scripts/**'],
    languageOptions: {
      globals: {__dirname: 'readonly', process: 'readonly', require: 'readonly', module: 'writable'},
    },
  },
);
