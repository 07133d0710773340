// The project's own lint: `npm run lint` (eslint .). Every file ESLint can read is linted unless it
// is listed in IGNORES; test/unit/ci/lint-coverage.test.ts keeps a source folder from slipping in.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';

/** Build output, installed packages and scratch folders: nothing here is the project's source. */
export const IGNORES = ['node_modules/', 'dist/', 'out/', '.e2e/', '.rulelens-tmp/', '.scratch-*/', '**/*.tmp.ts', 'test/e2e/host/', 'test/e2e/screenshots/'];

export default tseslint.config(
  { ignores: IGNORES.map((p) => (p.endsWith('/') ? `${p}**` : p)) },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  regexp.configs['flat/recommended'],
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      // A regex that backtracks can take polynomial or exponential time on a hostile subject.
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      // A promise nobody awaits loses its error; one passed where a callback is expected runs unawaited.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // `_name` marks a value left out on purpose (a rest-omitted key, an unused callback parameter).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
      // A `let` that closures read before its one assignment (the server's settings) stays a `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],

      // Off, with the reason:
      // jsonc-parser's Node.value and JSON.parse are `any` by design; the code checks `node.type` first.
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Callbacks are declared in method syntax and implemented as closures; none reads `this`.
      '@typescript-eslint/unbound-method': 'off',
      // Commands and handlers share an async signature whether or not this one awaits.
      '@typescript-eslint/require-await': 'off',
      // A lazy require() keeps a module out of the cold start until it is needed.
      '@typescript-eslint/no-require-imports': 'off',
      // Templates print ids, counts and option values; no-base-to-string still catches `[object Object]`.
      '@typescript-eslint/restrict-template-expressions': 'off',
      // The shell screens and the bundle check match control characters on purpose.
      'no-control-regex': 'off',
    },
  },

  // Plain JavaScript (bin/, the .mjs scripts, the .cjs probes) and the fixtures outside tsconfig.json
  // have no type information.
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs', 'test/fixtures/**'],
    ...tseslint.configs.disableTypeChecked,
  },
  { files: ['**/*.js', '**/*.cjs'], languageOptions: { sourceType: 'commonjs' } },
  // Tests read JSON documents (SARIF logs, API bodies) field by field.
  { files: ['test/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  // These drive a browser: some functions run in the page.
  { files: ['test/e2e/*.mjs'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
);
