import { strict as assert } from 'assert';
import { initDialects } from '../../shared/dialects';
import { evaluateCodex, parseCodex, translateToCodex as codexFromNeutral } from '../../shared/dialects/codex';
import { evaluateGemini, parseGemini, translateToGemini as geminiFromNeutral } from '../../shared/dialects/gemini';
import { evaluateOpencode, opencodeToNeutral, parseOpencode, type OpencodeRuleSet } from '../../shared/dialects/opencode';

// OpenCode rules reach Codex and Gemini through the neutral form.
const translateToCodex = (rs: OpencodeRuleSet) => codexFromNeutral(opencodeToNeutral(rs));
const translateToGemini = (rs: OpencodeRuleSet) => geminiFromNeutral(opencodeToNeutral(rs));

const oc = (bash: Record<string, string>) => parseOpencode({ path: 'opencode.json', text: JSON.stringify({ permission: { bash } }) }, { builtins: false });

describe('translate: OpenCode to Codex and Gemini', () => {
  before(initDialects);

  it('layered rules translate to both with no flips, and the files decide as the source does', () => {
    const rs = oc({ '*': 'ask', 'git status *': 'allow', 'rm *': 'deny', 'git push *': 'deny' });
    const c = translateToCodex(rs);
    const g = translateToGemini(rs);
    assert.deepEqual(c.flips, []);
    assert.deepEqual(g.flips, []);
    const codexRs = parseCodex({ path: 't.rules', text: c.text });
    const geminiRs = parseGemini({ path: 't.toml', text: g.text });
    for (const cmd of ['git status -s', 'rm -rf x', 'git push', 'make']) {
      const want = evaluateOpencode(rs, { action: 'bash', resources: [cmd] }).decision;
      assert.equal(evaluateCodex(codexRs, { command: cmd.split(' ') }).decision, want, cmd);
      assert.equal(evaluateGemini(geminiRs, { tool: 'run_shell_command', args: { command: cmd }, mode: 'default', interactive: true }).decision, want, cmd);
    }
  });

  it('a later allow under an earlier deny flips under Codex (strictest wins) but not under Gemini (priorities)', () => {
    const rs = oc({ 'git *': 'deny', 'git status *': 'allow' });
    assert.deepEqual(translateToCodex(rs).flips.map((f) => f.command), ['git status', 'git status zz-extra']);
    assert.deepEqual(translateToGemini(rs).flips, []);
  });

  it('an exact-command rule is reported, with its flip', () => {
    const rs = oc({ ls: 'allow' });
    assert.deepEqual(translateToCodex(rs).flips, [{ command: 'ls zz-extra', from: 'ask', to: 'allow' }]);
    assert.ok(translateToGemini(rs).notes.some((n) => n.includes('exact-command')));
  });

  it('patterns that are not literal words are left out and named', () => {
    const t = translateToCodex(oc({ 'git * main': 'deny', 'npm run test': 'allow' }));
    assert.ok(t.notes.some((n) => n.includes('git * main') && n.includes('left out')));
  });
});
