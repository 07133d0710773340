import { strict as assert } from 'assert';
import { evaluateCodex, initStarlarkParser, parseCodex } from '../../../shared/dialects/codex';

const parse = (text: string) => parseCodex({ path: '/home/u/.codex/rules/a.rules', text });
const labels = (text: string) => parse(text).rules.map((r) => r.label);

describe('codex: the Starlark subset', () => {
  before(initStarlarkParser);

  it('variables, list concatenation and alternatives', () => {
    assert.deepEqual(labels('GIT = ["git"]\nRO = ["status", "log"]\nprefix_rule(pattern = GIT + [RO], decision = "allow")'), ['git [status|log] → allow']);
  });

  it('for loops and list comprehensions with a condition', () => {
    assert.deepEqual(labels('for t in ["ls", "cat"]:\n    prefix_rule(pattern=[t], decision="allow")'), ['ls → allow', 'cat → allow']);
    assert.deepEqual(labels('X = [c for c in ["a", "", "b"] if c]\nprefix_rule(pattern=["x", X], decision="prompt")'), ['x [a|b] → prompt']);
  });

  it('f-strings, implicit concatenation, escapes and raw strings', () => {
    assert.deepEqual(labels('N = "git"\nprefix_rule(pattern=[f"{N}", "a" "b", "tab\\tx", r"raw\\n"], decision="forbidden")'), ['git ab tab\tx raw\\n → forbidden']);
  });

  it('keyword and positional arguments, augmented assignment', () => {
    assert.deepEqual(labels('P = ["npm"]\nP += ["test"]\nprefix_rule(P, "prompt")'), ['npm test → prompt']);
  });

  it('every token keeps the range it was written at', () => {
    const rs = parse('X = "status"\nprefix_rule(pattern=["git", X], decision="allow")');
    assert.deepEqual(rs.rules[0].pattern[1].range, { start: { line: 0, character: 4 }, end: { line: 0, character: 12 } });
    assert.deepEqual(rs.rules[0].range.start, { line: 1, character: 0 });
  });

  it('an undefined name is a Starlark error Codex refuses the file for', () => {
    const rs = parse('prefix_rule(pattern=[MISSING], decision="allow")');
    assert.ok(rs.loadErrors > 0);
    assert.match(rs.findings[0].message, /MISSING is not defined/);
    assert.deepEqual(rs.findings[0].range.start, { line: 0, character: 21 });
  });

  it('a syntax error holds the file and points at the error', () => {
    const rs = parse('prefix_rule(pattern=["ls"], decision="allow"\n');
    assert.equal(rs.rules.length, 0);
    assert.ok(rs.findings.some((f) => f.data?.syntax === true));
  });

  it('code it does not model caps the file at prompt, and the trace says so', () => {
    const rs = parse('prefix_rule(pattern=["ls"], decision="allow")\ndef more():\n    prefix_rule(pattern=["rm"], decision="allow")\n');
    assert.ok(rs.findings.some((f) => f.code === 'codex-not-modelled'));
    const v = evaluateCodex(rs, { command: ['ls'] });
    assert.equal(v.native, 'prompt');
    assert.ok(v.trace.notes.some((n) => n.includes('does not model')));
    assert.equal(evaluateCodex(rs, { command: ['rm', 'x'] }).native, 'prompt');
  });

  it('a forbid is still reported when other code is not modelled', () => {
    const rs = parse('prefix_rule(pattern=["rm"], decision="forbidden")\nif True:\n    pass\n');
    assert.equal(evaluateCodex(rs, { command: ['rm', '-rf', '/'] }).native, 'forbidden');
  });
});
