// ESLint: the rules a type checker cannot give. Formatting is Prettier's (`.prettierrc.json`).
import { builtinModules } from 'node:module';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Workflow code runs in Temporal's deterministic sandbox, which has no Node built-ins; the
// workflows also import domain/ and the processes' definitions, so those are held to it too.
const sandboxed = ['engine/**/*.ts', 'workflows/**/*.ts', 'processes/**/*.ts', 'domain/**/*.ts'];
const nodeBuiltins = builtinModules.flatMap((name) => [name, `node:${name}`]);

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', '.data/', 'coverage/', 'test-results/'] },
  {
    files: ['**/*.{ts,tsx,mts}'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      // A promise nobody awaits loses its error and its ordering (Temporal's samples make this an error).
      '@typescript-eslint/no-floating-promises': 'error',
      // A promise where a boolean is tested, spread, or returned as void. Not for callbacks' arguments and
      // JSX attributes: knex's query builders are thenables passed as callbacks' results (q.whereNull…),
      // and React ignores what an event handler returns (our async handlers catch their own errors).
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { arguments: false, attributes: false } },
      ],
    },
  },
  {
    files: ['web/**/*.tsx', 'web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: sandboxed,
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltins.map((name) => ({
            name,
            message: 'Workflow code runs in a sandbox without Node built-ins.',
          })),
        },
      ],
    },
  },
);
