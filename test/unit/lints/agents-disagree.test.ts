// agents-disagree: a deny of one agent that another agent allows, both proved by the evaluators.
import { strict as assert } from 'assert';
import { agentsDisagree, projectFolder } from '../../../shared/check/agents-disagree';
import { findAgentPolicies } from '../../../shared/check/agents';
import { initDialects } from '../../../shared/dialects';
import { memoryHost } from '../../helpers/memory-host';

const CLAUDE = '{\n  "permissions": {\n    "deny": [\n      "Read(./.env)",\n      "Bash(git push:*)"\n    ]\n  }\n}\n';
const CODEX = 'prefix_rule(pattern=["cat"], decision="allow")\nprefix_rule(pattern=["git"], decision="allow")\n';
const GEMINI = '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "git"\ndecision = "allow"\npriority = 100\n';

function run(files: Record<string, string>) {
  const host = memoryHost(files);
  return agentsDisagree(findAgentPolicies(Object.keys(files).sort(), host, {}), {});
}

describe('lint: agents-disagree', () => {
  before(() => initDialects());

  it('Qwen Code takes part: its git allow meets Claude\'s git push deny', () => {
    const out = run({ '/p/.claude/settings.json': CLAUDE, '/p/.qwen/settings.json': '{ "$version": 4, "permissions": { "allow": ["Bash(git *)"] } }\n' });
    const msgs = (out.get('/p/.qwen/settings.json') ?? []).map((f) => f.message);
    assert.ok(msgs.some((m) => m.startsWith('`git push`: Claude Code denies, Qwen Code allows')), msgs.join(' | '));
  });

  it('Cursor and Amp take part: their allows of what Claude denies are reported in their own folders', () => {
    const out = run({
      '/p/.claude/settings.json': CLAUDE,
      '/p/.cursor/cli.json': '{ "permissions": { "allow": ["Shell(git)"] } }\n',
      '/p/.amp/settings.json': '{ "amp.permissions": [{ "tool": "Bash", "matches": { "cmd": "git *" }, "action": "allow" }] }\n',
    });
    for (const [file, agent] of [['/p/.cursor/cli.json', 'Cursor CLI'], ['/p/.amp/settings.json', 'Amp']]) {
      const msgs = (out.get(file) ?? []).map((f) => f.message);
      assert.ok(msgs.some((m) => m.startsWith(`\`git push\`: Claude Code denies, ${agent} allows`)), `${file}: ${msgs.join(' | ')}`);
    }
  });

  it('Claude denies .env and git push; Codex allows cat and git, Gemini allows git: findings on the allows', () => {
    const out = run({ '/p/.claude/settings.json': CLAUDE, '/p/.codex/rules/default.rules': CODEX, '/p/.gemini/policies/policy.toml': GEMINI });
    const codex = out.get('/p/.codex/rules/default.rules') ?? [];
    assert.deepEqual(codex.map((f) => [f.range.start.line, f.message]), [
      [0, '`cat .env`: Claude Code denies, Codex CLI allows (rule 1: cat → allow)'],
      [1, '`git push`: Claude Code denies, Codex CLI allows (rule 2: git → allow)'],
    ]);
    assert.ok(codex.every((f) => f.code === 'agents-disagree' && f.severity === 'warning'));
    // Related information: the Claude deny, in its file and on its line.
    assert.deepEqual(codex.map((f) => f.related?.map((r) => [r.path, r.range.start.line])), [[['/p/.claude/settings.json', 3]], [['/p/.claude/settings.json', 4]]]);
    const gemini = out.get('/p/.gemini/policies/policy.toml') ?? [];
    const onRule = gemini.filter((f) => /rule 1/.test(f.message));
    assert.equal(onRule.length, 1);
    assert.match(onRule[0].message, /^`git push`: Claude Code denies, Gemini CLI allows/);
    assert.equal(out.get('/p/.claude/settings.json'), undefined, 'nothing Claude allows is denied elsewhere');
  });

  it('agents that agree: no finding', () => {
    const codex = 'prefix_rule(pattern=["git", "push"], decision="forbidden")\n';
    const claude = '{"permissions": {"deny": ["Bash(git push:*)"]}}';
    assert.equal(run({ '/p/.claude/settings.json': claude, '/p/.codex/rules/default.rules': codex }).size, 0);
  });

  it('an ask the other agent also asks for is no disagreement; an ask it allows is', () => {
    const claude = '{"permissions": {"ask": ["Bash(npm publish:*)"]}}';
    const asks = run({ '/p/.claude/settings.json': claude, '/p/.codex/rules/default.rules': 'prefix_rule(pattern=["npm", "publish"], decision="prompt")\n' });
    assert.equal(asks.size, 0);
    const allows = run({ '/p/.claude/settings.json': claude, '/p/.codex/rules/default.rules': 'prefix_rule(pattern=["npm"], decision="allow")\n' });
    assert.match(allows.get('/p/.codex/rules/default.rules')?.[0].message ?? '', /^`npm publish`: Claude Code asks, Codex CLI allows/);
  });

  it('a Claude deny a hook decides first is not claimed', () => {
    const claude = JSON.stringify({ permissions: { deny: ['Bash(git push:*)'] }, hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'guard.sh' }] }] } });
    assert.equal(run({ '/p/.claude/settings.json': claude, '/p/.codex/rules/default.rules': CODEX }).size, 0);
  });

  it('each agent decides with its whole policy: a sibling .rules file and the local settings count', () => {
    // Codex: a second .rules file of the folder forbids git push, so Codex agrees on it; cat still differs.
    const codexTwo = run({ '/p/.claude/settings.json': CLAUDE, '/p/.codex/rules/default.rules': CODEX, '/p/.codex/rules/zz.rules': 'prefix_rule(pattern=["git", "push"], decision="forbidden")\n' });
    assert.deepEqual((codexTwo.get('/p/.codex/rules/default.rules') ?? []).map((f) => f.message.split(':')[0]), ['`cat .env`']);
    assert.equal(codexTwo.get('/p/.codex/rules/zz.rules'), undefined);
    // Claude: the deny sits in settings.local.json, next to a settings.json without it; the finding's related information points there.
    const local = run({ '/p/.claude/settings.json': '{"permissions": {"allow": []}}', '/p/.claude/settings.local.json': '{"permissions": {"deny": ["Bash(git push:*)"]}}', '/p/.codex/rules/default.rules': CODEX });
    const found = local.get('/p/.codex/rules/default.rules') ?? [];
    assert.equal(found.length, 1);
    assert.match(found[0].message, /^`git push`: Claude Code denies, Codex CLI allows/);
    assert.equal(found[0].related?.[0].path, '/p/.claude/settings.local.json');
  });

  it('OpenCode and oh-my-pi deny and allow too: each side of a disagreement, with the rule that decides', () => {
    const opencode = JSON.stringify({ permission: { bash: { '*': 'ask', 'git push *': 'deny', 'npm *': 'allow' } } }, null, 2);
    const omp = 'tools:\n  approvalMode: always-ask\nbash:\n  patterns:\n    - match: "git *"\n      approval: allow\n    - match: "npm publish*"\n      approval: deny\n';
    const out = run({ '/p/opencode.json': opencode, '/p/.omp/config.yml': omp });
    const onOmp = (out.get('/p/.omp/config.yml') ?? []).map((f) => f.message);
    assert.ok(onOmp.some((m) => /^`git push`: OpenCode denies, oh-my-pi allows \(rule 1: /.test(m)), onOmp.join('\n'));
    const onOpencode = (out.get('/p/opencode.json') ?? []).map((f) => f.message);
    assert.ok(onOpencode.some((m) => /^`npm publish`: oh-my-pi denies, OpenCode allows \(rule \d+: /.test(m)), onOpencode.join('\n'));
  });

  it('witnesses from the knowledge base of programs: a prefix deny is also tried with what the program goes on to do', () => {
    // Claude denies every `git push`; Gemini denies `git push` but allows `git push --force …` at a higher
    // priority: only the knowledge base's `git push --force origin main` shows where they part.
    const claude = '{"permissions": {"deny": ["Bash(git push:*)"]}}';
    const gemini = '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "git push --force"\ndecision = "allow"\npriority = 100\n\n[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "git push"\ndecision = "deny"\npriority = 50\n';
    const found = run({ '/p/.claude/settings.json': claude, '/p/.gemini/policies/policy.toml': gemini }).get('/p/.gemini/policies/policy.toml') ?? [];
    assert.deepEqual(found.map((f) => f.message.split(': ')[0]), ['`git push --force origin main`']);
    assert.match(found[0].message, /Claude Code denies, Gemini CLI allows \(rule 1: /);
  });

  it('policies of two project folders are never compared', () => {
    assert.equal(run({ '/a/.claude/settings.json': CLAUDE, '/b/.codex/rules/default.rules': CODEX }).size, 0);
    assert.equal(projectFolder('/p/.codex/rules/default.rules'), '/p');
    assert.equal(projectFolder('/p/opencode.json'), '/p');
    assert.equal(projectFolder('/home/u/.work/app/opencode.json'), '/home/u/.work/app');
    assert.equal(projectFolder('/home/u/.work/app/.claude/settings.json'), '/home/u/.work/app');
  });
});
