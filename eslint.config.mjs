// The project's own lint: `npm run lint` (eslint .). Every file ESLint can read is linted unless it
// is listed in IGNORES; test/unit/ci/lint-coverage.test.ts keeps a source folder from slipping in.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Build output, installed packages and scratch folders: nothing here is the project's source. */
export const IGNORES = ['node_modules/', 'dist/', 'out/', '.e2e/', '.rulelens-tmp/', '.scratch-*/', '**/*.tmp.ts', 'test/e2e/host/', 'test/e2e/screenshots/'];

// The import layers of docs/architecture.md, as import-x/no-restricted-paths zones on resolved paths.
// Every folder under shared/dialects/ is a dialect, so a new one is held to the same rules.
const DIALECTS = fs
  .readdirSync(path.join(import.meta.dirname, 'shared/dialects'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const DIALECT_ID = `/^(?:${DIALECTS.join('|')})$/`;
const FOUNDATIONS = ['shared/model', 'shared/text', 'shared/json', 'shared/toml', 'shared/patterns', 'shared/trace', 'shared/host', 'shared/config', 'shared/docs.ts', 'shared/protocol.ts'];
const GENERIC = ['shared/analysis', 'shared/compiled', 'shared/requests', 'shared/diff', 'shared/history', 'shared/translate'];
const HOSTS = ['server', 'cli', 'client'];
const SEE = 'see docs/architecture.md';
/** protocol.ts and trace/ may use the generic machinery's pure helpers and types, never a dialect. */
const ABOVE_MACHINERY = ['shared/protocol.ts', 'shared/trace'];
const LAYERS = [
  { target: FOUNDATIONS, from: ['shared/dialects', 'shared/check', ...HOSTS], message: `a foundation imports only other foundations (${SEE})` },
  { target: FOUNDATIONS.filter((f) => !ABOVE_MACHINERY.includes(f)), from: GENERIC, message: `a foundation imports only other foundations (${SEE})` },
  { target: GENERIC, from: 'shared/dialects', except: ['./dialect.ts'], message: `generic machinery knows no agent: only the Dialect interface, shared/dialects/dialect.ts (${SEE})` },
  { target: GENERIC, from: ['shared/check', ...HOSTS], message: `generic machinery imports no orchestration or host (${SEE})` },
  ...DIALECTS.map((id) => ({
    target: `shared/dialects/${id}`,
    from: 'shared/dialects',
    except: [`./${id}`, './dialect.ts', ...DIALECTS.filter((other) => other !== id).map((other) => `./${other}/index.ts`)],
    message: `a dialect imports its own folder, dialect.ts and other dialects' index.ts only, never the registry (${SEE})`,
  })),
  { target: 'shared/dialects/index.ts', from: 'shared/dialects', except: ['./dialect.ts', ...DIALECTS.map((id) => `./${id}/index.ts`)], message: `the registry imports each dialect's index.ts and dialect.ts (${SEE})` },
  { target: 'shared/dialects', from: ['shared/check', ...HOSTS], message: `a dialect imports no orchestration or host (${SEE})` },
  { target: 'shared/check', from: 'shared/dialects', except: ['./index.ts', './dialect.ts'], message: `orchestration uses the registry and dialect.ts, never a dialect's files (${SEE})` },
  { target: 'shared/check', from: HOSTS, message: `orchestration imports no host (${SEE})` },
  { target: ['server', 'cli'], from: 'shared/dialects', except: ['./index.ts', './dialect.ts', ...DIALECTS.map((id) => `./${id}/index.ts`)], message: `a host imports the registry, dialect.ts or a dialect's index.ts, never a dialect's other files (${SEE})` },
  { target: 'client', from: 'shared', except: ['./protocol.ts', './model', './requests/fields.ts', './requests/input.ts', './requests/locate.ts'], message: `the extension bundles apart from the engine: protocol, model and requests/{fields,input,locate} only (${SEE})` },
  { target: 'client', from: ['server', 'cli'], message: `hosts do not import each other (${SEE})` },
  { target: 'server', from: ['client', 'cli'], message: `hosts do not import each other (${SEE})` },
  { target: 'cli', from: ['client', 'server'], message: `hosts do not import each other (${SEE})` },
];

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

  {
    files: ['shared/**', 'server/**', 'cli/**', 'client/**'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: LAYERS }] },
  },
  // Outside its folder nothing tests a dialect's id: it asks the dialect for a capability instead.
  {
    files: ['shared/**', 'server/**', 'cli/**', 'client/**'],
    ignores: ['shared/dialects/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[`BinaryExpression[operator=/^[!=]==?$/] > Literal[value=${DIALECT_ID}]`, `SwitchCase > Literal.test[value=${DIALECT_ID}]`].map((selector) => ({
          selector,
          message: `a dialect id tested outside shared/dialects/: ask the dialect for a capability (${SEE})`,
        })),
      ],
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
