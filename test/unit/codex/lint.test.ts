import { strict as assert } from 'assert';
import { evaluateCodex, initStarlarkParser, lintCodex, parseCodex, shlexSplit } from '../../../shared/dialects/codex';

const parse = (text: string, path = '/home/u/.codex/rules/a.rules') => parseCodex({ path, text });
const lint = (text: string, path?: string) => {
  const rs = parse(text, path);
  return { rs, findings: lintCodex(rs, { home: '/home/u' }) };
};

/** Every witness a lint gives must be decided as its message says. */
function witnessDecides(text: string, code: string, want: string): void {
  const { rs, findings } = lint(text);
  const f = findings.find((x) => x.code === code);
  assert.ok(f, `no ${code}`);
  assert.ok(f.witness, 'a witness');
  assert.equal(evaluateCodex(rs, { command: shlexSplit(f.witness)!, noShellSplit: true }).native, want);
  // Codex itself splits a bash -lc script of plain commands: the witness holds there too.
  assert.equal(evaluateCodex(rs, { command: shlexSplit(f.witness)! }).native, want);
}

describe('codex: lints, each confirmed by its witness', () => {
  before(initStarlarkParser);

  it('codex-missing-decision: the rule allows its own pattern', () => {
    witnessDecides('prefix_rule(pattern=["git", "push"])', 'codex-missing-decision', 'allow');
    // An explicit allow of `git push` is no missing decision (it is a forced-push finding of its own).
    assert.deepEqual(lint('prefix_rule(pattern=["git", "push"], decision="allow")').findings.map((f) => f.code), ['allow-runs-anything']);
  });

  it('codex-token-space: the spelled-out words do not match', () => {
    const { rs, findings } = lint('prefix_rule(pattern=["npm", "run test"], decision="allow")');
    const f = findings.find((x) => x.code === 'codex-token-space')!;
    assert.equal(f.witness, 'npm run test');
    assert.equal(evaluateCodex(rs, { command: ['npm', 'run', 'test'] }).details.matched, false);
    assert.deepEqual(f.range.start, { line: 0, character: 28 });
  });

  it('allow-runs-anything: an interpreter allow runs code', () => {
    witnessDecides('prefix_rule(pattern=["python3"], decision="allow")', 'allow-runs-anything', 'allow');
    witnessDecides('prefix_rule(pattern=["bash", "-lc"], decision="allow")', 'allow-runs-anything', 'allow');
    assert.equal(lint('prefix_rule(pattern=["python3", "scripts/build.py"], decision="allow")').findings.length, 0);
  });

  it('allow-runs-anything is not claimed on a witness a forbid catches', () => {
    const { rs, findings } = lint('prefix_rule(pattern=["python3"], decision="allow")\nprefix_rule(pattern=["python3", "-c"], decision="forbidden")\nprefix_rule(pattern=["python3", "manage.py"], decision="forbidden")');
    const [f] = findings.filter((x) => x.code === 'allow-runs-anything');
    // Inline code is forbidden; a script the agent writes (freely, in a trusted project) still runs.
    assert.equal(f.witness, 'python3 ./payload.py');
    assert.equal(evaluateCodex(rs, { command: ['python3', './payload.py'] }).native, 'allow');
    assert.equal(evaluateCodex(rs, { command: ['python3', '-c', 'import os'] }).native, 'forbidden');
  });

  it('dead-rule: a stricter, broader rule always wins', () => {
    const { rs, findings } = lint('prefix_rule(pattern=["git", "status"], decision="allow")\nprefix_rule(pattern=["git"], decision="prompt")');
    const f = findings.find((x) => x.code === 'dead-rule')!;
    assert.equal(f.witness, 'git status');
    assert.equal(evaluateCodex(rs, { command: ['git', 'status'] }).native, 'prompt');
    assert.equal(lint('prefix_rule(pattern=["git"], decision="allow")\nprefix_rule(pattern=["git", "push"], decision="prompt")').findings.filter((x) => x.code === 'dead-rule').length, 0);
  });

  it('codex-project-layer for a project folder, not for the home folder', () => {
    assert.ok(lint('prefix_rule(pattern=["ls"], decision="allow")', '/work/repo/.codex/rules/a.rules').findings.some((f) => f.code === 'codex-project-layer'));
    assert.ok(!lint('prefix_rule(pattern=["ls"], decision="allow")').findings.some((f) => f.code === 'codex-project-layer'));
  });

  it('codex-stale-policy for .codexpolicy files', () => {
    assert.equal(parse('define_program()', '/home/u/.codex/policy/default.codexpolicy').findings[0].code, 'codex-stale-policy');
  });
});
