// ESLint for the checkout (`npm run lint`, part of `make ci`): the recommended JavaScript and
// typescript-eslint rules and React's rules of hooks (eslint-plugin-react-hooks' recommended
// set, missing effect dependencies an error).
import { defineConfig, globalIgnores } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default defineConfig(
  globalIgnores([
    'dist/',
    'node_modules/',
    // Generated from openapi/internal/checkout.json by openapi-typescript (`npm run gen:api`).
    'src/api-types.ts',
  ]),
  {
    files: ['**/*.{js,ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { globals: globals.browser },
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
    // The build's own configuration runs in Node.
    files: ['*.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
);
