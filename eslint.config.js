// ESLint (flat config): JavaScript's and typescript-eslint's recommended rules, strict equality, no shadowed names,
// and type-checked rules for src/ where they catch real bugs (a promise left floating, awaiting a non-promise).
// Formatting is Prettier's (.prettierrc.json); eslint-config-prettier turns off the rules it owns.
import js from '@eslint/js';
import globals from 'globals';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'demo/spa/dist/',
      'sandbox/dist/',
      '**/node_modules/',
      'docs/api/',
      '.reports/',
      'test-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.browser, ...globals.node } },
    rules: {
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-shadow': 'off',
      '@typescript-eslint/no-shadow': 'error',
      // a rest sibling is how an object is copied without a key (`const { brand, ...pan } = result`)
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    // the house rules: a function fits on a screen (every line counted, as a reader counts one); no comma-operator control flow
    files: ['src/**', 'demo/**', 'sandbox/src/**', 'scripts/**'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['src/**', 'demo/**', 'sandbox/src/**'],
    rules: { 'no-sequences': 'error' },
  },
  {
    // the demo's checkout scripts run on the page after the script tag, which defines PayToken
    files: ['demo/web/**/*.js'],
    languageOptions: { globals: { PayToken: 'readonly' } },
  },
  {
    // tests and tools drive browsers and read what they answer: `any` is the honest type of an evaluated value there
    files: ['test/**', 'sandbox/test/**', 'e2e/**', 'scripts/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  prettier,
);
