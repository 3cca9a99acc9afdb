import { readdirSync } from 'node:fs';
import eslint from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

/**
 * The bounded contexts (and app-level folders) under src/: every folder but platform (the kernel
 * they all use, which imports none) and config (which lists every context's entities). Read from
 * the tree, so a new context is bounded from its first file.
 */
const contexts = readdirSync(new URL('./src', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !['platform', 'config'].includes(entry.name))
  .map((entry) => entry.name);

/**
 * Context boundaries: platform imports no context; a context reaches another only through what
 * that context's services export, never its entities or views (its tables). Entities name another
 * context's table with `ForeignKeyTo` instead of importing its class.
 */
const boundaries = [
  {
    files: ['src/platform/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^\\.\\./\\.\\./(${contexts.join('|')})/`,
              message: 'src/platform is the kernel every context uses: it imports no context.',
            },
          ],
        },
      ],
    },
  },
  // The demo seeders compose every context on purpose, as a script outside the running service.
  ...contexts
    .filter((own) => own !== 'seed')
    .map((own) => ({
      files: [`src/${own}/**/*.ts`],
      ignores: ['src/**/*.spec.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: `^(\\.\\./)+(?!${own}/)(${contexts.join('|')})/.*\\.(entity|view)$`,
                message: "Another context's tables are its own: call its exported service instead.",
              },
            ],
          },
        ],
      },
    })),
];

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
  ...boundaries,
);
