import { fileURLToPath } from 'node:url';
import eslint from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';
import { contextBoundaries } from './eslint/context-boundaries.mjs';

/**
 * Context boundaries, for every file under src/ (specs included): a context imports another only
 * through its door (`<context>.api`) or module; platform and config import no context
 * (eslint/context-boundaries.mjs, proven by test/lint/boundaries.spec.ts).
 */
const boundaries = {
  files: ['src/**/*.ts'],
  plugins: { 'context-boundaries': contextBoundaries(fileURLToPath(new URL('./src', import.meta.url))) },
  rules: { 'context-boundaries/doors': 'error' },
};

/**
 * SQL in one kind of file: a resource's hand-written statements live in `<resource>.queries.ts`
 * (named, typed functions that take the workspace's `WorkspaceSql`); only those and the
 * platform's database folder call `.query(` or hold a whole statement as text. Query-builder
 * fragments (`EXISTS (SELECT …)` in a `.where`) do not start with a statement keyword and stay.
 */
const statementStart =
  '/^\\s*(SELECT|INSERT\\s+INTO|UPDATE\\s+\\w+\\s+SET|DELETE\\s+FROM|WITH\\s+\\w+\\s+AS)\\b/';
const sqlInQueriesFiles = {
  files: ['src/**/*.ts'],
  ignores: ['src/**/*.queries.ts', 'src/platform/database/**', 'src/**/*.spec.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: "CallExpression[callee.property.name='query']",
        message: 'Hand-written statements live in <resource>.queries.ts: call a function of it instead.',
      },
      {
        selector: `TemplateElement[value.raw=${statementStart}], Literal[value=${statementStart}]`,
        message: 'A whole SQL statement belongs in <resource>.queries.ts (query-builder fragments may stay).',
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'data/**'] },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
      'no-console': 'error',
    },
  },
  { files: ['migrations/**/*.ts'], rules: { quotes: 'off' } },
  boundaries,
  sqlInQueriesFiles,
);
