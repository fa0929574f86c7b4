// @ts-check
// One lint for server, web, tests and scripts. Type-aware rules (typescript-eslint's
// recommendedTypeChecked) catch floating promises and unsafe `any` flows that tsc lets through;
// react-hooks and jsx-a11y hold the web app to the hook rules and accessible markup.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      '.tmp/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      '.tools/**',
      'src/server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      // Unused names with a leading underscore are deliberate (ignored callback arguments).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Fastify handlers and React event props take promise-returning functions by design.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
      // Fastify plugins and port implementations are async by contract even when a body has nothing to await.
      '@typescript-eslint/require-await': 'off',
      // String(x) of an unknown JSON value is a deliberate conversion here (webhook payloads, query strings).
      '@typescript-eslint/no-base-to-string': 'off',
      // Template literals with numbers are how messages are written here.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true, allowNullish: true }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
  {
    // Tests and benchmarks poke at untyped JSON bodies on purpose.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**', 'src/server/test/**', 'src/web/test/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // The engine's pixel loops update two variables in one statement (`if (d < best) ((best = d), (at = j));`).
    files: ['src/engine/**/*.ts', 'src/card-fixtures/**/*.ts'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
);
