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
);
