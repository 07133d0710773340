import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { checkRuleFile } from '../../../shared/check/check-file';
import { parseLintConfig } from '../../../shared/config/lint-config';
import { readDirectives } from '../../../shared/config/suppress';
import { fileExists, readText } from '../../../shared/host/node-fs';
import { initDialects } from '../../../shared/dialects';

const host = { readFile: readText, exists: fileExists };

function project(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-suppress-'));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

const codes = (fs: ReadonlyArray<{ code: string }>) => fs.map((f) => f.code);

/** Under last match, `"*": "ask"` after them leaves both allows dead: two dead-rule findings. */
const OPENCODE = `{
  "permission": {
    "bash": {
      "git status": "allow",
      "npm test": "allow",
      "*": "ask"
    }
  }
}
`;

describe('suppressions: comments in the rule file', () => {
  before(() => initDialects());

  it('reads next-line and rest-of-file directives with their codes and reason, never inside strings', () => {
    const ds = readDirectives('// rulelens-disable-next-line dead-rule, exact-command-pattern -- kept on purpose\n{"a": "// rulelens-disable x"}\n/* rulelens-disable broad-catch-all */\n', '//');
    assert.deepStrictEqual(ds.map((d) => [d.kind, d.codes, d.line, d.target, d.reason]), [
      ['next-line', ['dead-rule', 'exact-command-pattern'], 0, 1, 'kept on purpose'],
      ['rest-of-file', ['broad-catch-all'], 2, 3, undefined],
    ]);
    const yaml = readDirectives('bash:\n  # rulelens-disable-next-line never-matches\n  # a note\n  patterns: []\n', '#');
    assert.deepStrictEqual(yaml.map((d) => [d.codes, d.target]), [[['never-matches'], 3]]);
  });

  it('a next-line comment hides that finding on that rule only; the check output lists it as suppressed', () => {
    const plain = project({ 'opencode.json': OPENCODE });
    const before = checkRuleFile(path.join(plain, 'opencode.json'), host).diagnostics.filter((f) => f.code === 'dead-rule');
    assert.strictEqual(before.length, 2, 'two dead rules');
    const dir = project({ 'opencode.json': OPENCODE.replace('      "git status"', '      // rulelens-disable-next-line dead-rule -- kept for the record\n      "git status"') });
    const rep = checkRuleFile(path.join(dir, 'opencode.json'), host);
    const left = rep.diagnostics.filter((f) => f.code === 'dead-rule');
    assert.strictEqual(left.length, 1);
    assert.match(left[0].message, /npm test/);
    assert.deepStrictEqual(rep.suppressed?.map((s) => [s.finding.code, s.by]), [['dead-rule', { kind: 'comment', line: 3, directive: 'next-line', reason: 'kept for the record' }]]);
  });

  it('a rest-of-file comment at the top hides the lint in the whole file', () => {
    const dir = project({ 'opencode.json': `// rulelens-disable dead-rule\n${OPENCODE}` });
    const rep = checkRuleFile(path.join(dir, 'opencode.json'), host);
    assert.deepStrictEqual(codes(rep.diagnostics).filter((c) => c === 'dead-rule'), []);
    assert.strictEqual(rep.suppressed?.length, 2);
  });

  it('a comment that hides nothing, or names a finding that cannot be hidden, is itself reported', () => {
    const dir = project({ 'opencode.json': OPENCODE.replace('      "*"', '      // rulelens-disable-next-line dead-rule\n      "*"').replace('  "permission"', '  // rulelens-disable-next-line schema\n  "permission"') });
    const unused = checkRuleFile(path.join(dir, 'opencode.json'), host).diagnostics.filter((f) => f.code === 'unused-suppression');
    assert.deepStrictEqual(unused.map((f) => f.message).sort(), [
      'schema cannot be suppressed: the agent cannot use the file as it is',
      'this suppression hides nothing: no dead-rule finding on line 8',
    ]);
  });

  it('YAML takes # comments (oh-my-pi)', () => {
    const yml = 'bash:\n  patterns:\n    # rulelens-disable-next-line never-matches\n    - { match: "git *", approval: ask }\n';
    const dir = project({ '.omp/config.yml': yml });
    const rep = checkRuleFile(path.join(dir, '.omp/config.yml'), host);
    assert.deepStrictEqual(codes(rep.diagnostics).filter((c) => c === 'never-matches' || c === 'unused-suppression'), []);
    assert.deepStrictEqual(rep.suppressed?.map((s) => s.finding.code), ['never-matches']);
  });

  it('a requests file takes // comments', () => {
    const dir = project({
      'opencode.json': '{ "permission": { "edit": "ask" } }\n',
      'opencode.requests.json': '{ "requests": [\n  // rulelens-disable-next-line empty-resources -- documents the fail-open\n  { "name": "empty", "action": "edit", "resources": [], "expect": "allow" }\n] }\n',
    });
    const rep = checkRuleFile(path.join(dir, 'opencode.json'), host);
    assert.deepStrictEqual(codes(rep.requestDiagnostics), []);
    assert.deepStrictEqual(rep.requestSuppressed?.map((s) => s.finding.code), ['empty-resources']);
  });
});

describe('suppressions: .rulelens.json entries (files without comments)', () => {
  before(() => initDialects());
  // Two exact allows whose commands with arguments still ask (`git status x` would not: Claude
  // Code allows read-only git by itself, so an exact `Bash(git status)` changes nothing).
  const CLAUDE = JSON.stringify({ permissions: { allow: ['Bash(npm run lint)', 'Bash(npm test)'] } }, null, 2);

  it('an entry by file, lint and rule hides that finding only', () => {
    const dir = project({ '.claude/settings.json': CLAUDE });
    const file = path.join(dir, '.claude/settings.json');
    const all = checkRuleFile(file, host).diagnostics.filter((f) => f.code === 'exact-command-pattern');
    assert.strictEqual(all.length, 2);
    const label = /"(Bash\(npm run lint\))"/.exec(all[0].message)?.[1] ?? 'Bash(npm run lint)';
    const cfgText = JSON.stringify({ suppress: [{ file: '.claude/settings.json', lint: 'exact-command-pattern', rule: `${label} allow`, reason: 'exact on purpose' }] });
    const { config, findings } = parseLintConfig(path.join(dir, '.rulelens.json'), cfgText);
    assert.deepStrictEqual(findings, []);
    const rep = checkRuleFile(file, host, { config });
    assert.strictEqual(rep.diagnostics.filter((f) => f.code === 'exact-command-pattern').length, 1);
    assert.deepStrictEqual(rep.suppressed?.map((s) => s.by), [{ kind: 'config', file: path.join(dir, '.rulelens.json'), reason: 'exact on purpose' }]);
  });

  it('an entry without a rule hides the lint in every file its glob names; bad entries are config findings', () => {
    const dir = project({ '.claude/settings.json': CLAUDE });
    const { config } = parseLintConfig(path.join(dir, '.rulelens.json'), JSON.stringify({ suppress: [{ file: 'settings.json', lint: 'exact-command-pattern' }] }));
    assert.strictEqual(checkRuleFile(path.join(dir, '.claude/settings.json'), host, { config }).suppressed?.length, 2);
    const bad = parseLintConfig(path.join(dir, '.rulelens.json'), JSON.stringify({ suppress: [{ lint: 'dead-rule' }, 'x', { file: 'a', lint: 'b', color: 1 }] }));
    assert.deepStrictEqual(bad.findings.map((f) => f.severity), ['error', 'error', 'warning']);
  });
});
