import * as assert from 'assert';
import fc from 'fast-check';
import { gemini, type GeminiRequest, type GeminiRuleSet } from '../../../shared/dialects/gemini';
import { initShellParser } from '../../../shared/host/shell-parser';
import { Deadline } from '../../../shared/analysis/budget';
import { propertyRuns } from '../../helpers/runs';
import { checkSearch, commandsOver, SEARCH_MS } from '../../helpers/witness-check';

const CTX = { home: '/h' };
const USER = '/h/.gemini/policies/team.toml';
const policy = (text: string, path = USER): GeminiRuleSet => gemini.parse({ path, text }, CTX);
const search = (a: GeminiRuleSet, b: GeminiRuleSet) => gemini.witnesses!.flips(a, b, [], { ctx: CTX, deadline: new Deadline(SEARCH_MS) });
const lines = (r: { flips: Array<{ request: string; before: string; after: string }> }) => r.flips.map((f) => `${f.request}: ${f.before} → ${f.after}`).join('\n');

function rule(toolName: string, decision: string, priority: number, extra = ''): string {
  return `[[rule]]\ntoolName = "${toolName}"\ndecision = "${decision}"\npriority = ${priority}\n${extra}\n`;
}

describe('gemini: change impact finds what a change newly decides', () => {
  before(async () => {
    await initShellParser();
  });

  it("the issue's change: the git status prefix widened to git, the rm deny dropped", () => {
    const base = policy(rule('run_shell_command', 'allow', 100, 'commandPrefix = "git status"') + rule('run_shell_command', 'deny', 200, 'commandPrefix = "rm"'));
    const current = policy(rule('run_shell_command', 'allow', 100, 'commandPrefix = "git"'));
    const r = search(base, current);
    assert.deepStrictEqual(r.unsearched, []);
    const push = r.flips.find((f) => f.request === 'run_shell_command: git push origin main');
    assert.ok(push && push.before === 'ask' && push.after === 'allow', lines(r));
    assert.match(push.afterRule!.label, /"git" → allow/);
    const rm = r.flips.find((f) => f.request === 'run_shell_command: rm -rf build');
    assert.ok(rm && rm.before === 'deny' && rm.after === 'ask', lines(r));
  });

  it('priorities: lowering a deny below an allow newly allows what both match', () => {
    const base = policy(rule('run_shell_command', 'allow', 100, 'commandPrefix = "git"') + rule('run_shell_command', 'deny', 200, 'commandPrefix = "git push"'));
    const current = policy(rule('run_shell_command', 'allow', 100, 'commandPrefix = "git"') + rule('run_shell_command', 'deny', 50, 'commandPrefix = "git push"'));
    const r = search(base, current);
    assert.strictEqual(lines(r).split('\n')[0], 'run_shell_command: git push origin main: deny → allow');
    // Redirected, the same command is asked about now: Gemini downgrades an allow that redirects.
    assert.ok(r.flips.every((f) => f.direction === 'loosened'), lines(r));
  });

  it('tiers: the same rule in the admin tier is found where it now decides', () => {
    const text = rule('run_shell_command', 'allow', 100, 'commandPrefix = "npm"');
    const r = search(policy(''), policy(text));
    assert.ok(r.flips.some((f) => f.request === 'run_shell_command: npm install' && f.after === 'allow'), lines(r));
  });

  it('commandRegex and argsPattern: words read off the expressions, for shell commands and other tools', () => {
    const base = policy(rule('read_file', 'deny', 100, 'argsPattern = \'"file_path":"[^"]*\\.env"\''));
    const current = policy(rule('run_shell_command', 'allow', 100, 'commandRegex = "docker (ps|logs)"'));
    const r = search(base, current);
    assert.deepStrictEqual(r.unsearched, []);
    assert.ok(r.flips.some((f) => f.request === 'run_shell_command: docker ps' && f.after === 'allow'), lines(r));
    const env = r.flips.find((f) => f.request.startsWith('read_file ') && f.before === 'deny');
    assert.ok(env, lines(r));
    assert.match(String((env.witness as GeminiRequest).args.file_path), /\.env$/);
  });

  it('modes: a rule restricted to yolo is searched in yolo', () => {
    const r = search(policy(''), policy(rule('run_shell_command', 'deny', 100, 'commandPrefix = "git push"\nmodes = ["yolo"]')));
    const f = r.flips.find((x) => x.request === 'run_shell_command: git push origin main (mode yolo)');
    assert.ok(f && f.before === 'allow' && f.after === 'deny', lines(r));
    assert.ok(!r.flips.some((x) => x.request === 'run_shell_command: git push origin main'), 'the default mode is unchanged');
  });

  it('a pattern no request can be found for (too large to read off its automaton) is reported as not searched', () => {
    const r = search(policy(''), policy(rule('read_file', 'allow', 100, 'argsPattern = \'"file_path":"x{20000}"\'')));
    assert.ok(r.unsearched!.some((u) => /no request matching its pattern/.test(u)), JSON.stringify(r));
  });

  it('every flip is real and no class of shell commands over a small alphabet is missed', () => {
    const words = ['git', 'status', 'push', 'rm', 'x'];
    const call = (command: string): GeminiRequest => ({ tool: 'run_shell_command', args: { command }, mode: 'default', interactive: true });
    const simple = commandsOver(words, 3).map((w) => call(w.join(' ')));
    const short = commandsOver(words, 2).map((w) => w.join(' '));
    const chains = short.flatMap((a) => short.slice(0, 8).map((b) => call(`${a} && ${b}`)));
    const match = fc.oneof(
      fc.constantFrom('git', 'git status', 'rm', 'status', 'git push').map((p) => `commandPrefix = "${p}"`),
      fc.constantFrom('git (push|pull)', 'rm .*', '.*x', 'git st.*').map((x) => `commandRegex = "${x}"`),
      fc.constant(''),
    );
    const one = fc.tuple(fc.constantFrom('run_shell_command', '*'), match, fc.constantFrom('allow', 'ask_user', 'deny'), fc.integer({ min: 0, max: 3 }));
    const file = fc.array(one, { maxLength: 4 }).map((rs) => rs.map(([t, m, d, p]) => rule(t, d, p, t === '*' ? '' : m)).join('\n'));
    fc.assert(
      fc.property(file, file, (a, b) => {
        const r = checkSearch(gemini, policy(a), policy(b), { exact: simple, directions: chains }, (q: GeminiRequest) => q.tool, CTX);
        assert.ok(r.unreal.length + r.missed.length + r.missedDirections.length + r.unsearched.length === 0, JSON.stringify({ ...r, flips: lines(r) }, null, 1));
      }),
      { numRuns: propertyRuns(50), seed: 3605 },
    );
  });
});
