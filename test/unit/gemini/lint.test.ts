import { strict as assert } from 'assert';
import { initShellParser } from '../../../shared/dialects/claude';
import { evaluateGemini, lintGemini, parseGemini } from '../../../shared/dialects/gemini';

const parse = (text: string) => parseGemini({ path: '/home/u/.gemini/policies/p.toml', text }, { home: '/home/u' });
const rule = (fields: string) => `[[rule]]\n${fields}\n`;
const shell = (command: string) => ({ tool: 'run_shell_command', args: { command }, mode: 'default' as const, interactive: true });

describe('gemini: lints, each confirmed by its witness', () => {
  before(initShellParser);

  it('shadowed-deny: a higher-priority allow always matches first', () => {
    const rs = parse(rule('toolName = "run_shell_command"\ncommandPrefix = "git"\ndecision = "allow"\npriority = 500') + rule('toolName = "run_shell_command"\ncommandPrefix = "git push"\ndecision = "deny"\npriority = 100'));
    const f = lintGemini(rs).find((x) => x.code === 'shadowed-deny')!;
    assert.equal(f.witness, 'run_shell_command: git push');
    assert.equal(evaluateGemini(rs, shell('git push')).native, 'allow');
  });

  it('no claim when the higher rule does not cover the lower (word boundary, modes)', () => {
    assert.equal(lintGemini(parse(rule('toolName = "run_shell_command"\ncommandPrefix = "git pu"\ndecision = "allow"\npriority = 500') + rule('toolName = "run_shell_command"\ncommandPrefix = "git push"\ndecision = "deny"\npriority = 100'))).filter((f) => f.code !== 'deny-narrower-than-it-looks').length, 0);
    assert.equal(lintGemini(parse(rule('toolName = "run_shell_command"\ndecision = "allow"\npriority = 500\nmodes = ["yolo"]') + rule('toolName = "run_shell_command"\ncommandPrefix = "rm"\ndecision = "deny"\npriority = 100'))).filter((f) => f.code !== 'allow-runs-anything' && f.code !== 'deny-narrower-than-it-looks').length, 0);
  });

  it('gemini-priority-tie: load order decides an equal priority', () => {
    const rs = parse(rule('toolName = "run_shell_command"\ndecision = "ask_user"\npriority = 100') + rule('toolName = "run_shell_command"\ncommandPrefix = "rm"\ndecision = "deny"\npriority = 100'));
    const f = lintGemini(rs).find((x) => x.code === 'gemini-priority-tie')!;
    assert.ok(f);
    assert.equal(evaluateGemini(rs, shell('rm')).native, 'ask_user');
  });

  it('gemini-anchor-regex: ^ and $ never match', () => {
    const rs = parse(rule('toolName = "run_shell_command"\ncommandRegex = "^git push"\ndecision = "deny"\npriority = 1') + rule('toolName = "run_shell_command"\ncommandRegex = "rm$"\ndecision = "deny"\npriority = 1'));
    const fs = lintGemini(rs).filter((x) => x.code === 'gemini-anchor-regex');
    assert.deepEqual(fs.map((f) => f.witness), ['git push', 'rm']);
    assert.equal(evaluateGemini(rs, shell('git push')).native, 'ask_user');
    assert.equal(evaluateGemini(rs, shell('rm')).native, 'ask_user');
  });

  it('gemini-mcp-underscore: the server of mcp_my_server_x is read as "my"', () => {
    const rs = parse(rule('toolName = "list"\nmcpName = "my_server"\ndecision = "deny"\npriority = 1'));
    const f = lintGemini(rs).find((x) => x.code === 'gemini-mcp-underscore')!;
    assert.equal(f.witness, 'mcp_my_server_list');
    assert.equal(evaluateGemini(rs, { tool: 'mcp_my_server_list', args: {}, mode: 'default', interactive: true }).native, 'ask_user');
  });

  it('allow-runs-anything: a bare interpreter prefix, or the whole shell tool', () => {
    for (const fields of ['toolName = "run_shell_command"\ncommandPrefix = "python"', 'toolName = "run_shell_command"']) {
      const rs = parse(rule(`${fields}\ndecision = "allow"\npriority = 1`));
      const f = lintGemini(rs).find((x) => x.code === 'allow-runs-anything')!;
      assert.ok(f, fields);
      assert.equal(evaluateGemini(rs, shell(f.witness!)).native, 'allow');
    }
    assert.equal(lintGemini(parse(rule('toolName = "run_shell_command"\ncommandPrefix = "python scripts/build.py"\ndecision = "allow"\npriority = 1'))).length, 0);
  });
});
