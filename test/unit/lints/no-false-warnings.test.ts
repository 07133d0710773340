import { strict as assert } from 'assert';
import { initDialects } from '../../../shared/dialects';
import { loadRuleSet, lintRuleSet } from '../../../shared/check/check-file';
import { headline } from '../../../shared/analysis/report';
import { finding, type Finding } from '../../../shared/model';

/** What `check` reports for a file, as `rulelens check` lints it. */
function lint(path: string, text: string): Finding[] {
  const { dialect, ruleSet } = loadRuleSet({ path, text });
  assert.ok(dialect && ruleSet, path);
  return [...ruleSet.findings, ...lintRuleSet(dialect, ruleSet, {})];
}
const codes = (fs: Finding[], code: string) => fs.filter((f) => f.code === code);
const oc = (config: object) => lint('/p/opencode.json', JSON.stringify(config, null, 2));
const claude = (permissions: object) => lint('/p/.claude/settings.json', JSON.stringify({ permissions }, null, 2));
const omp = (patterns: Array<[string, string]>) => lint('/p/.omp/agent/config.yml', `bash:\n  patterns:\n${patterns.map(([m, a]) => `    - match: "${m}"\n      approval: ${a}`).join('\n')}\n`);

describe('exact-command-pattern only where the command with arguments is decided otherwise', () => {
  before(initDialects);

  it('OpenCode: a sibling "rm *" deny already denies what "rm" does not', () => {
    assert.deepEqual(codes(oc({ permission: { bash: { rm: 'deny', 'rm *': 'deny' } } }), 'exact-command-pattern'), []);
  });

  it('OpenCode: a broader "rm -rf*" deny covers "rm -rf /" with arguments', () => {
    assert.deepEqual(codes(oc({ permission: { bash: { 'rm -rf /': 'deny', 'rm -rf*': 'deny' } } }), 'exact-command-pattern'), []);
  });

  it('OpenCode: an exact ask whose arguments still ask changes nothing', () => {
    assert.deepEqual(codes(oc({ permission: { bash: { '*': 'ask', 'git push': 'ask' } } }), 'exact-command-pattern'), []);
  });

  it('OpenCode: an exact ask whose arguments are allowed says what the command becomes', () => {
    const [f] = codes(oc({ permission: { bash: { 'git push': 'ask' } } }), 'exact-command-pattern');
    assert.match(f.message, /^`git push --force origin main` is allowed: /);
  });

  it('Claude: the same sibling and broader denies, and the allowed command is never its own witness', () => {
    assert.deepEqual(codes(claude({ deny: ['Bash(rm)', 'Bash(rm *)'] }), 'exact-command-pattern'), []);
    assert.deepEqual(codes(claude({ deny: ['Bash(rm -rf /)', 'Bash(rm -rf*)'] }), 'exact-command-pattern'), []);
    const [f] = codes(claude({ allow: ['Bash(npm test)'] }), 'exact-command-pattern');
    assert.ok(f, 'an exact allow whose arguments ask is still worth saying');
    assert.notEqual(f.witness, 'npm test');
    assert.match(f.message, /^`npm test \S+` still asks/);
  });

  it('omp: a later "*" deny already denies the command with arguments', () => {
    assert.deepEqual(codes(omp([['printf closed', 'deny'], ['*', 'deny']]), 'exact-command-pattern'), []);
    assert.equal(codes(omp([['yarn', 'deny']]), 'exact-command-pattern').length, 1);
  });
});

describe('one finding per rule and root cause', () => {
  before(initDialects);

  it('cross-tool-bypass names every reader that gets through, not one', () => {
    const fs = codes(claude({ allow: ['Bash(rg:*)', 'Bash(more:*)', 'Bash(base64:*)', 'Bash(xxd:*)', 'Bash(sed -n:*)', 'Bash(awk:*)', 'Bash(tar:*)'], deny: ['Read(./.env)'] }), 'cross-tool-bypass');
    assert.equal(fs.length, 1);
    const all = [fs[0].message, ...fs[0].related!.map((r) => r.message)].join('\n');
    for (const reader of ['more .env', 'xxd .env', 'tar -cf - .env']) assert.ok(all.includes(reader), reader);
    // Claude Code checks the file operands of rg, base64, sed and awk against Read denies (its
    // path-checked commands, docs/dialects/claude.md): those are denied, not bypasses.
    for (const reader of ['rg . .env', 'base64 .env', 'sed -n p .env', 'awk 1 .env']) assert.ok(!all.includes(reader), reader);
  });

  it('OpenCode cross-tool-bypass: a read deny, a bash allow of a reader', () => {
    const [f] = codes(oc({ permission: { read: { '*.env*': 'deny' }, bash: { 'cat*': 'allow', 'head *': 'allow' } } }), 'cross-tool-bypass');
    assert.equal(f.witness, 'cat .env');
    assert.ok(f.related!.some((r) => r.message.includes('head .env')));
  });

  it('overridden-deny once per deny, every agent that takes it over named', () => {
    const config = { permission: { bash: { 'rm -rf *': 'deny' } }, agent: { build: { permission: { bash: { '*': 'ask' } } }, plan: { permission: { bash: { '*': 'ask' } } } } };
    const fs = codes(oc(config), 'overridden-deny');
    assert.equal(fs.length, 1);
    assert.match(fs[0].message, /^Agents "build", "plan" run without /);
  });

  it('no overridden-deny for an agent\'s own exception to the very same pattern', () => {
    assert.deepEqual(codes(oc({ permission: { edit: { '*': 'deny' } }, agent: { zen: { permission: { edit: { '*': 'allow' } } } } }), 'overridden-deny'), []);
  });

  it('no broad-catch-all on a per-agent lockdown', () => {
    const fs = codes(oc({ permission: { bash: { 'git status': 'allow' } }, agent: { review: { permission: { '*': 'deny', read: 'allow' } } } }), 'broad-catch-all');
    assert.deepEqual(fs, []);
  });

  it('a long developer allowlist: one finding per root cause, every risky rule named in one', () => {
    const risky = ['Bash(python:*)', 'Bash(python3:*)', 'Bash(node:*)', 'Bash(npx:*)', 'Bash(pnpm dlx:*)', 'Bash(uvx:*)', 'Bash(docker:*)', 'Bash(git:*)', 'Bash(rg:*)', 'Bash(curl:*)', 'Bash(make:*)', 'Bash(npm run:*)', 'Bash(pytest:*)', 'Bash(cargo:*)', 'Bash(go:*)', 'Bash(sed:*)', 'Bash(ssh:*)'];
    // Claude Code asks for `find -exec`/`-delete` whatever allow matches: `Bash(find:*)` runs nothing.
    const safe = ['Bash(ls:*)', 'Bash(cat:*)', 'Bash(git status:*)', 'Bash(git diff:*)', 'Bash(wc:*)', 'Bash(pwd)', 'Bash(find:*)'];
    const fs = codes(claude({ allow: [...safe, ...risky] }), 'allow-runs-anything');
    assert.ok(fs.length < risky.length / 2, `${fs.length} findings for ${risky.length} risky rules`);
    assert.equal(new Set(fs.map((f) => f.data!.kind)).size, fs.length, 'one per root cause');
    const named = fs.flatMap((f) => [f.message, ...f.related!.map((r) => r.message)]).join('\n');
    for (const r of risky) assert.ok(named.includes(`"${r}"`), r);
    for (const r of safe) assert.ok(!named.includes(`"${r}"`), r);
  });
});

describe('headlines: the consequence first, at most 120 characters, cut at a word', () => {
  it('a long message is cut at a word and the rest is the first related entry', () => {
    const words = 'Arbitrary code can run: ' + Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');
    const f = headline(finding('allow-runs-anything', 'warning', words, { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }));
    assert.ok(f.message.length <= 120);
    assert.match(f.message, /word\d+…$/);
    const rest = f.related![0].message;
    assert.equal(`${f.message.slice(0, -1)} ${rest.slice(1)}`, words);
  });

  it('every allow-runs-anything headline starts with what can happen', () => {
    const fs = codes(claude({ allow: ['Bash(python:*)', 'Bash(git push:*)', 'Bash(rg:*)', 'Bash(curl:*)', 'Bash(adb shell *)'] }), 'allow-runs-anything');
    for (const f of fs) assert.match(f.message, /^(Arbitrary code|Any command|Any file|The remote branch's history|Files outside the project|Code )/, f.message);
  });
});
