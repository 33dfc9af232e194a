import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import noTestCodeInSrc from './eslint/no-test-code-in-src.mjs';
import clinic from './eslint/module-boundaries.mjs';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/drizzle/**', 'data/**', '**/test-results/**', '**/playwright-report/**', '**/*.mjs', '**/*.config.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Only repositories (and the database layer) talk to Drizzle.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.repo.ts', 'apps/server/src/db/**', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Only *.repo.ts files import Drizzle.' }] }],
    },
  },
  {
    // A statement name is registered once (db/named-statement.ts), which refuses a name used twice;
    // only that file reaches drizzle's session.
    files: ['apps/server/**/*.ts'],
    ignores: ['apps/server/src/db/named-statement.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='prepare'][arguments.0.type=/^(Literal|TemplateLiteral)$/]",
          message: "Name a prepared statement with statementName('...') from db/named-statement.ts, at module load.",
        },
        { selector: "MemberExpression[property.name='session'][object.property.name='_']", message: 'Only db/named-statement.ts reaches drizzle\'s session.' },
      ],
    },
  },
  {
    // What ships never carries test code: src imports nothing from apps/server/test/ (its own *.test.ts may).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    plugins: { 'clinic-src': { rules: { 'no-test-code-in-src': noTestCodeInSrc } } },
    rules: { 'clinic-src/no-test-code-in-src': 'error' },
  },
  {
    // Modules import each other only through declared doors (docs/architecture.md).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    plugins: { clinic },
    rules: { 'clinic/module-boundaries': 'error' },
  },
  {
    // The domain package is shared by server and browser: zod only.
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['packages/domain/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!zod$|\\./)', message: 'packages/domain depends on zod only.' }] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // A bare router link is the browser's blue, underlined (the counts' "Whole location", issue 50):
    // a text link is an AppLink; the router's Link stays the `component` of a button.
    files: ['apps/web/src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': ['error', { selector: "JSXOpeningElement[name.name='RouterLink']", message: 'Use AppLink (components/link.tsx): the bare router link is the browser\'s blue.' }],
    },
  },
  {
    // Features do not import each other; shared code lives in components/ and lib/, and app/ composes features.
    files: ['apps/web/src/features/*/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./\\.\\./[^.]', message: 'Features do not import each other.' }] }],
    },
  },
);
