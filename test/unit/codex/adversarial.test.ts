import { strict as assert } from 'assert';
import { evaluateCodex, initStarlarkParser, parseCodex } from '../../../shared/dialects/codex';
import { MAX_ITERATIONS } from '../../../shared/dialects/codex/starlark-eval';
import { readRequirementsRules } from '../../../shared/dialects/codex/requirements';
import fc from 'fast-check';

const parse = (text: string) => parseCodex({ path: '/home/u/.codex/rules/a.rules', text });

describe('codex: hostile input', () => {
  before(initStarlarkParser);

  it('a loop bomb stops at the iteration limit and caps the file at prompt', () => {
    const rs = parse(`X = ["a"] * 3\nL = ["x"]\nfor a in L + L + L:\n    for b in [c for c in L for d in L]:\n        prefix_rule(pattern=["ls"], decision="allow")\nbig = [i for i in [${'"i",'.repeat(500)}] for j in [${'"j",'.repeat(500)}]]\n`);
    assert.ok(MAX_ITERATIONS >= 1000);
    assert.ok(rs.findings.some((f) => f.code === 'codex-not-modelled'));
    assert.equal(evaluateCodex(rs, { command: ['ls'] }).native, 'prompt');
  });

  it('a rule for bash -lc cannot be dodged by splitting, and a forbid inside a script still counts', () => {
    const rs = parse('prefix_rule(pattern=["rm"], decision="forbidden")\nprefix_rule(pattern=["echo"], decision="allow")');
    assert.equal(evaluateCodex(rs, { command: ['bash', '-lc', 'echo ok; rm -rf build'] }).native, 'forbidden');
    assert.equal(evaluateCodex(rs, { command: ['bash', '-lc', 'echo ok | rm -rf build'] }).native, 'forbidden');
    // `~` is expanded by the shell: Codex keeps such a script whole (observed on 0.171.0).
    assert.equal(evaluateCodex(rs, { command: ['bash', '-lc', 'echo ok; rm -rf ~'] }).native, 'prompt');
    // A script that is not plain words is one command: no rule for bash, so the fallback decides.
    assert.equal(evaluateCodex(rs, { command: ['bash', '-lc', 'echo $(rm -rf ~)'] }).native, 'prompt');
  });

  it('tokens are compared exactly: no case folding, no globs, no trimming', () => {
    const rs = parse('prefix_rule(pattern=["git", "status"], decision="allow")');
    for (const cmd of [['Git', 'status'], ['git', 'status '], ['git', 'stat*'], ['git'], ['git\u0000', 'status']]) {
      assert.equal(evaluateCodex(rs, { command: cmd }).details.matched, false, JSON.stringify(cmd));
    }
  });

  it('an empty file and a comment-only file decide by the fallback', () => {
    for (const text of ['', '# nothing\n']) assert.equal(evaluateCodex(parse(text), { command: ['ls'], fallback: 'allow' }).native, 'allow');
  });

  it('non-ASCII text keeps exact ranges', () => {
    const rs = parse('X = "é"\nprefix_rule(pattern=["ls", "😀"], decision="allow")');
    assert.deepEqual(rs.rules[0].pattern[1].range, { start: { line: 1, character: 27 }, end: { line: 1, character: 31 } });
  });

  it('requirements.toml: any text is read or refused with a located error, never thrown', () => {
    const deep = `[rules]\nprefix_rules = ${'['.repeat(5000)}${']'.repeat(5000)}`;
    const hostile = [deep, '[rules]\nprefix_rules = [{ pattern = [{ token = "a\\u0000b" }], decision = "forbidden" }]', '[rules]\nrules = 1\n[rules]', 'rules = "x"', '\uFEFF[rules]\nprefix_rules = [1]'];
    for (const text of hostile) {
      const r = readRequirementsRules(text);
      assert.ok(r.errors.length > 0 || r.rules.length > 0, text.slice(0, 40));
      for (const e of r.errors) assert.ok(e.range.start.line >= 0);
    }
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (tail) => {
        const r = readRequirementsRules(`[rules]\nprefix_rules = [{ pattern = [{ token = "rm" }], decision = "forbidden" }]\n${tail}`);
        // Whatever follows, an accepted file keeps the forbid; a rejected one adds no rule at all.
        assert.ok(r.errors.length ? r.rules.length === 0 : r.rules.some((x) => x.native === 'forbidden'));
      }),
      { numRuns: 300, seed: 20261130 },
    );
  });
});
