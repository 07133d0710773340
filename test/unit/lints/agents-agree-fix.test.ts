// "Make <agent> agree": the rule the allowing agent's dialect writes, proved by parsing the edited
// policy and deciding the witness again; applied, the disagreement is gone.
import { strict as assert } from 'assert';
import { agentsDisagree } from '../../../shared/check/agents-disagree';
import { findAgentPolicies } from '../../../shared/check/agents';
import { initDialects } from '../../../shared/dialects';
import { memoryHost } from '../../helpers/memory-host';
import type { Finding } from '../../../shared/model';

const run = (files: Record<string, string>) => agentsDisagree(findAgentPolicies(Object.keys(files).sort(), memoryHost(files), {}), {});
const fixOf = (f: Finding) => (f.data as { quickFix?: { title: string; edits: Array<{ start: number; end: number; text: string }> } }).quickFix;
const apply = (text: string, edits: Array<{ start: number; end: number; text: string }>) => [...edits].sort((a, b) => b.start - a.start).reduce((t, e) => t.slice(0, e.start) + e.text + t.slice(e.end), text);

const CLAUDE = '{\n  "permissions": {\n    "deny": ["Bash(git push:*)"]\n  }\n}\n';
const ALLOWS: Record<string, [string, string, RegExp]> = {
  codex: ['/p/.codex/rules/default.rules', 'prefix_rule(pattern=["git"], decision="allow")\n', /^Make Codex CLI agree: add prefix_rule\(pattern=\["git", "push"\], decision="forbidden"\)$/],
  gemini: ['/p/.gemini/policies/policy.toml', '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "git"\ndecision = "allow"\npriority = 100\n', /^Make Gemini CLI agree: add run_shell_command "git push" → deny \(priority 101\)$/],
  opencode: ['/p/opencode.json', '{\n  "permission": {\n    "bash": {\n      "*": "ask",\n      "git *": "allow"\n    }\n  }\n}\n', /^Make OpenCode agree: add "git push \*": "deny"$/],
};

describe('lint: agents-disagree quick fix (Make <agent> agree)', () => {
  before(() => initDialects());

  for (const [id, [file, text, title]] of Object.entries(ALLOWS)) {
    it(`${id}: the fix adds the deny, and with it the agents agree on git push`, () => {
      const files = { '/p/.claude/settings.json': CLAUDE, [file]: text };
      const found = (run(files).get(file) ?? []).filter((f) => f.message.startsWith('`git push`:'));
      assert.equal(found.length, 1);
      const fix = fixOf(found[0]);
      assert.ok(fix, 'a fix is offered');
      assert.match(fix.title, title);
      const fixed = apply(text, fix.edits);
      assert.ok(fixed.startsWith(text.trimEnd().slice(0, 10)), 'the file is kept, the rule added');
      const after = (run({ ...files, [file]: fixed }).get(file) ?? []).filter((f) => /^`git push[` ]/.test(f.message));
      assert.deepEqual(after.map((f) => f.message), []);
    });
  }

  it('Claude allows, Codex forbids: the fix adds the deny to the Claude settings', () => {
    const claude = '{\n  "permissions": {\n    "allow": ["Bash(npm:*)"]\n  }\n}\n';
    const files = { '/p/.claude/settings.json': claude, '/p/.codex/rules/default.rules': 'prefix_rule(pattern=["npm", "publish"], decision="forbidden")\n' };
    const [f] = run(files).get('/p/.claude/settings.json') ?? [];
    assert.match(f.message, /^`npm publish`: Codex CLI denies, Claude Code allows/);
    const fix = fixOf(f)!;
    assert.equal(fix.title, 'Make Claude Code agree: add Bash(npm publish:*)');
    const fixed = apply(claude, fix.edits);
    assert.deepEqual(JSON.parse(fixed).permissions.deny, ['Bash(npm publish:*)']);
    assert.equal(run({ ...files, '/p/.claude/settings.json': fixed }).size, 0);
  });

  it('no fix where the dialect writes no such rule: oh-my-pi allows, nothing is proposed', () => {
    const omp = 'tools:\n  approvalMode: always-ask\nbash:\n  patterns:\n    - match: "git *"\n      approval: allow\n';
    const found = run({ '/p/.claude/settings.json': CLAUDE, '/p/.omp/config.yml': omp }).get('/p/.omp/config.yml') ?? [];
    assert.ok(found.length > 0);
    assert.ok(found.every((f) => fixOf(f) === undefined));
  });
});
