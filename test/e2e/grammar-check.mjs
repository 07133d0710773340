// Tokenizes sample rule-file lines with VS Code's own TextMate engine and grammars (from the
// code-server host) plus the RuleLens injection grammars, and checks which words get decision and
// capability scopes. Prints `N passed, M failed`.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const vscodeDir = join(here, 'host/node_modules/code-server/lib/vscode');
const require = createRequire(join(vscodeDir, 'package.json'));
const tm = require('vscode-textmate');
const onig = require('vscode-oniguruma');
await onig.loadWASM(readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm')).buffer);

const files = {
  'source.json': join(vscodeDir, 'extensions/json/syntaxes/JSON.tmLanguage.json'),
  'source.json.comments': join(vscodeDir, 'extensions/json/syntaxes/JSONC.tmLanguage.json'),
  'source.yaml': join(vscodeDir, 'extensions/yaml/syntaxes/yaml.tmLanguage.json'),
  'rulelens.json.injection': join(root, 'syntaxes/rulelens-json.injection.tmLanguage.json'),
  'rulelens.yaml.injection': join(root, 'syntaxes/rulelens-yaml.injection.tmLanguage.json'),
};
// yaml.tmLanguage.json includes the versioned YAML grammars by scope name.
for (const v of ['1.0', '1.1', '1.2', '1.3']) files[`source.yaml.${v}`] = join(vscodeDir, `extensions/yaml/syntaxes/yaml-${v}.tmLanguage.json`);
files['source.yaml.embedded'] = join(vscodeDir, 'extensions/yaml/syntaxes/yaml-embedded.tmLanguage.json');

const registry = new tm.Registry({
  onigLib: Promise.resolve({ createOnigScanner: (p) => new onig.OnigScanner(p), createOnigString: (s) => new onig.OnigString(s) }),
  loadGrammar: async (scope) => (files[scope] ? tm.parseRawGrammar(readFileSync(files[scope], 'utf8'), files[scope]) : null),
  getInjections: (scope) => (scope.startsWith('source.json') ? ['rulelens.json.injection'] : scope.startsWith('source.yaml') ? ['rulelens.yaml.injection'] : []),
});

/** Scopes of the token that covers `word` at its first occurrence at or after `from` in `line`. */
async function scopesOf(scope, text, word, nth = 0) {
  const grammar = await registry.loadGrammar(scope);
  let state = tm.INITIAL;
  for (const line of text.split('\n')) {
    const r = grammar.tokenizeLine(line, state);
    state = r.ruleStack;
    let at = -1;
    for (let i = 0; i <= nth; i++) at = line.indexOf(word, at + 1);
    if (at < 0) continue;
    const tok = r.tokens.find((t) => t.startIndex <= at && at < t.endIndex);
    return tok.scopes;
  }
  throw new Error(`"${word}" not in sample`);
}

const cases = [
  ['opencode effect allow', 'source.json', '{ "permissions": [ { "action": "edit", "resource": "docs/*", "effect": "allow" } ] }', 'allow', 0, 'decision.allow'],
  ['opencode effect deny', 'source.json', '{ "permissions": [ { "action": "edit", "resource": "secrets/*", "effect": "deny" } ] }', 'deny', 0, 'decision.deny'],
  ['opencode V1 ask in jsonc', 'source.json.comments', '{\n  // comment: allow\n  "permission": { "bash": { "git *": "ask" } }\n}', 'ask', 0, 'decision.ask'],
  ['claude key "allow"', 'source.json', '{ "permissions": { "allow": ["Bash(git status)"] } }', 'allow', 0, 'decision.allow'],
  ['bounds DENY', 'source.json', '{ "expect": "DENY" }', 'DENY', 0, 'decision.deny'],
  ['bounds capability send', 'source.json', '{ "deny": { "capabilities": ["send"] } }', 'send', 0, 'capability'],
  ['pattern containing allow is plain', 'source.json', '{ "resource": "allow-list/*" }', 'allow', 0, null],
  ['comment is plain', 'source.json.comments', '{\n  // deny everything\n  "a": 1\n}', 'deny', 0, null],
  ['omp yaml approval prompt', 'source.yaml', 'bash:\n  patterns:\n    - match: "git *"\n      approval: prompt\n', 'prompt', 0, 'decision.ask'],
  ['omp yaml approval deny', 'source.yaml', 'bash:\n  patterns:\n    - { match: "rm *", approval: deny }\n', 'deny', 0, 'decision.deny'],
  ['yaml quoted allow', 'source.yaml', 'approval: "allow"\n', 'allow', 0, 'decision.allow'],
  ['yaml prose is plain', 'source.yaml', 'note: we allow docs\n', 'allow', 0, null],
  ['yaml comment is plain', 'source.yaml', '# deny\na: 1\n', 'deny', 0, null],
];

let passed = 0, failed = 0;
for (const [name, scope, text, word, nth, want] of cases) {
  try {
    const scopes = await scopesOf(scope, text, word, nth);
    const hit = scopes.find((s) => s.endsWith('.rulelens'));
    const ok = want === null ? !hit : !!hit && hit.includes(want);
    if (ok) passed++; else failed++;
    console.log(`${ok ? '  ✓' : '  ✗'} grammar: ${name}${ok ? '' : `  (scopes: ${scopes.join(' ')})`}`);
  } catch (e) {
    failed++;
    console.log(`  ✗ grammar: ${name}  (${e.message})`);
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
