// Gemini loads every policy file of a tier's folder into that tier (policy/toml-loader.js
// `readPolicyFiles`, @google/gemini-cli-core 0.61.0); its scheduler refuses in a non-interactive
// session what the engine would ask (scheduler/policy.js `checkPolicy`); its known-safe heuristic
// lets read-only commands through. Each expectation was checked against the engine
// (test/differential/gemini/oracle.mjs).
import { strict as assert } from 'assert';
import { initDialects } from '../../../shared/dialects';
import { evaluateGemini, geminiMembers, parseGeminiPolicy, type GeminiRequest } from '../../../shared/dialects/gemini';

const HOME = '/home/u';
const DIR = `${HOME}/.gemini/policies`;
const rule = (prefix: string, decision: string, priority: number) => `[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = ${JSON.stringify(prefix)}\ndecision = "${decision}"\npriority = ${priority}\n`;

function policyOf(files: Record<string, string>, checked: string) {
  const host = { readFile: (p: string) => files[p.slice(DIR.length + 1)], list: (d: string) => (d === DIR ? Object.keys(files).map((name) => ({ name, kind: 'file' as const })) : undefined) };
  const file = { path: `${DIR}/${checked}`, text: files[checked] };
  const ctx = { home: HOME, root: '/w' };
  return { rs: parseGeminiPolicy(file, geminiMembers(file, host, ctx), ctx), ctx };
}
const shell = (command: string, extra: Partial<GeminiRequest> = {}): GeminiRequest => ({ tool: 'run_shell_command', args: { command }, mode: 'default', interactive: true, ...extra });

describe('gemini: the policy files of a tier', () => {
  before(() => initDialects());

  it('a.toml allows npm (100), b.toml denies npm publish (300): npm publish is denied, by b.toml', () => {
    const { rs, ctx } = policyOf({ 'a.toml': rule('npm', 'allow', 100), 'b.toml': rule('npm publish', 'deny', 300) }, 'a.toml');
    const v = evaluateGemini(rs, shell('npm publish'), ctx);
    assert.equal(v.native, 'deny');
    assert.equal(rs.rules[v.rule!.index].file, `${DIR}/b.toml`);
    assert.equal(evaluateGemini(rs, shell('npm test'), ctx).native, 'allow');
  });

  it('equal priorities in two files: the order is the folder listing, so the stricter is taken', () => {
    const { rs, ctx } = policyOf({ 'a.toml': rule('git', 'allow', 100), 'b.toml': rule('git', 'deny', 100) }, 'a.toml');
    const v = evaluateGemini(rs, shell('git push'), ctx);
    assert.equal(v.native, 'deny');
    assert.match(v.trace.notes.join('\n'), /listing order/);
  });

  it('a file Gemini skips whole does not take its folder with it', () => {
    const { rs, ctx } = policyOf({ 'a.toml': '[[rule]\n', 'b.toml': rule('git', 'deny', 1) }, 'a.toml');
    assert.equal(evaluateGemini(rs, shell('git push'), ctx).native, 'deny');
  });

  it("non-interactive: every ask_user becomes deny, a rule's too", () => {
    const { rs, ctx } = policyOf({ 'a.toml': rule('git', 'ask_user', 100) }, 'a.toml');
    assert.equal(evaluateGemini(rs, shell('git push', { interactive: false }), ctx).native, 'deny');
    assert.equal(evaluateGemini(rs, shell('git push'), ctx).native, 'ask_user');
  });

  it('known safe: `git status; ls` (each part allowed) is allowed; `git status; rm x` is not', () => {
    const { rs, ctx } = policyOf({ 'a.toml': `[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = ["git status", "ls"]\ndecision = "allow"\npriority = 100\n` }, 'a.toml');
    assert.equal(evaluateGemini(rs, shell('git status; ls'), ctx).native, 'allow');
    assert.equal(evaluateGemini(rs, shell('git status && ls'), ctx).native, 'allow');
    assert.equal(evaluateGemini(rs, shell('git status; rm x'), ctx).native, 'ask_user');
    assert.equal(evaluateGemini(rs, shell('cat /etc/passwd'), ctx).native, 'ask_user', 'a path outside the workspace');
    assert.equal(evaluateGemini(rs, shell('cat a.txt'), ctx).native, 'allow');
  });
});
