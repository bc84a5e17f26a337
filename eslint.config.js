import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/generated/**', 'packages/proto/src/gen/**', 'charts/**/*.yaml'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // A service reaches another only through its gRPC contract, and shared code through its package: never by a
    // path into another folder's sources or build (the analyzer too: @talent/analysis). Tests (services/*/test) may
    // start other services in-process.
    files: ['services/*/src/**/*.ts', 'packages/*/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(services/|packages/)?[^./][^/]*/(src|dist)(/|$)',
              message: "Another service's or package's files: call the service over gRPC (@talent/proto), or import the package (@talent/…).",
            },
          ],
        },
      ],
    },
  },
  {
    // DESIGN §2: a process reads its environment once, through the zod schema of its env.ts.
    files: ['services/*/src/**/*.ts', 'packages/*/src/**/*.ts'],
    ignores: ['**/env.ts', '**/*.test.ts', 'packages/testkit/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Declare the variable in env.ts (zod schema) and pass the parsed env along.' },
      ],
    },
  },
  {
    // Node's globals used by the scripts (no `globals` package in the workspace).
    files: ['**/*.mjs', 'scripts/**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', Buffer: 'readonly', fetch: 'readonly', AbortSignal: 'readonly', performance: 'readonly', FormData: 'readonly', Blob: 'readonly' } },
  },
);
