import * as assert from 'assert';
import { LEXICAL_FS } from '../../../shared/model';
import { claude, initShellParser } from '../../../shared/dialects/claude';
import type { ClaudeRequest, ClaudeRuleSet } from '../../../shared/dialects/claude';
import { Deadline } from '../../../shared/analysis/budget';
import { runSlices } from '../../../shared/diff/search';
import { SEARCH_MS } from '../../helpers/witness-check';

// Witnesses are judged on a file system without symlinks; the evaluator checks them on the same one.
const CTX = { root: '/p', home: '/h', fs: LEXICAL_FS };
const FILE = '/p/.claude/settings.json';

function settings(permissions: Record<string, unknown>): ClaudeRuleSet {
  return claude.parse({ path: FILE, text: JSON.stringify({ permissions }) }, CTX);
}

function search(base: ClaudeRuleSet, current: ClaudeRuleSet) {
  return claude.witnesses!.flips(base, current, [], { ctx: CTX, deadline: new Deadline(SEARCH_MS) });
}

const lines = (r: ReturnType<typeof search>) => r.flips.map((f) => `${f.request}: ${f.before} → ${f.after}`);

describe('claude: change impact finds what a change newly decides', () => {
  before(async () => {
    await initShellParser();
  });

  it("the issue's change: a widened Bash rule and a dropped Read deny, with realistic witnesses and the rules that decided", () => {
    const base = settings({ allow: ['Bash(git status)'], deny: ['Read(./.env)'] });
    const current = settings({ allow: ['Bash(git *)'] });
    const r = search(base, current);
    assert.deepStrictEqual(r.unsearched, []);
    const push = r.flips.find((f) => f.request === 'Bash: git push origin main');
    assert.ok(push, lines(r).join('\n'));
    assert.strictEqual(push.before, 'ask');
    assert.strictEqual(push.after, 'allow');
    assert.strictEqual(push.beforeRule, null);
    assert.strictEqual(push.afterRule?.label, 'Bash(git *) allow');
    const env = r.flips.find((f) => f.request === 'Read: .env');
    assert.ok(env, lines(r).join('\n'));
    assert.deepStrictEqual([env.before, env.after, env.beforeRule?.label], ['deny', 'allow', 'Read(./.env) deny']);
    // The Read deny also denied a command reading the file.
    assert.ok(r.flips.some((f) => f.request === 'Bash: cat .env' && f.before === 'deny' && f.after === 'allow'), lines(r).join('\n'));
    assert.ok(r.flips.every((f) => f.direction === 'loosened'));
  });

  it('a narrowed rule is newly denied or asked, and the witness is the command that lost its allow', () => {
    const r = search(settings({ allow: ['Bash(npm *)'] }), settings({ allow: ['Bash(npm test)'] }));
    const install = r.flips.find((f) => f.request === 'Bash: npm install');
    assert.ok(install, lines(r).join('\n'));
    assert.deepStrictEqual([install.before, install.after, install.direction], ['allow', 'ask', 'tightened']);
    assert.ok(!r.flips.some((f) => f.request === 'Bash: npm test'));
  });

  it('compound commands are judged part by part: widening git does not newly allow a chain with rm in it', () => {
    const base = settings({ allow: ['Bash(git status)', 'Bash(npm test)'] });
    const current = settings({ allow: ['Bash(git *)', 'Bash(npm *)'] });
    const r = search(base, current);
    assert.ok(r.flips.some((f) => f.request === 'Bash: npm install' && f.after === 'allow'), lines(r).join('\n'));
    // A chain is as strict as its strictest part: it flips only with a part, in the part's class.
    const chain = { tool: 'Bash', command: 'git push origin main && rm -rf build' };
    assert.strictEqual(claude.evaluate(current, chain, CTX).decision, 'ask');
    assert.ok(!r.flips.some((f) => /rm /.test(f.request)), lines(r).join('\n'));
  });

  it('Edit paths: a new allow under a folder and a removed deny of a file name at any depth', () => {
    const r = search(settings({ deny: ['Edit(*.pem)'] }), settings({ allow: ['Edit(src/**)'] }));
    assert.ok(r.flips.some((f) => f.request.startsWith('Edit: src/') && f.before === 'ask' && f.after === 'allow'), lines(r).join('\n'));
    assert.ok(r.flips.some((f) => /^Edit: (?:config\/)?\w+\.pem$/.test(f.request) && f.before === 'deny'), lines(r).join('\n'));
  });

  it('WebFetch domains: a subdomain wildcard newly allows its subdomains, not the apex', () => {
    const r = search(settings({}), settings({ allow: ['WebFetch(domain:*.example.com)'] }));
    const hosts = r.flips.map((f) => f.subject);
    assert.ok(hosts.includes('https://api.example.com/'), lines(r).join('\n'));
    assert.ok(!hosts.includes('https://example.com/'));
    for (const f of r.flips) assert.strictEqual(f.afterRule?.label, 'WebFetch(domain:*.example.com) allow');
  });

  it('MCP tools: a server-wide allow newly allows its tools, a tool-level deny keeps its own', () => {
    const base = settings({ deny: ['mcp__github__delete_repo'] });
    const current = settings({ allow: ['mcp__github'], deny: ['mcp__github__delete_repo'] });
    const r = search(base, current);
    assert.ok(r.flips.some((f) => f.request.startsWith('mcp__github__') && f.request !== 'mcp__github__delete_repo' && f.after === 'allow'), lines(r).join('\n'));
    assert.ok(!r.flips.some((f) => f.request === 'mcp__github__delete_repo'));
  });

  it('modes: acceptEdits newly allows edits inside the project, dontAsk denies what used to ask', () => {
    const edits = search(settings({}), settings({ defaultMode: 'acceptEdits' }));
    assert.ok(edits.flips.some((f) => f.request.startsWith('Edit: ') && f.before === 'ask' && f.after === 'allow'), lines(edits).join('\n'));
    const strict = search(settings({ deny: ['Bash(rm *)'] }), settings({ deny: ['Bash(rm *)'], defaultMode: 'dontAsk' }));
    assert.ok(strict.flips.some((f) => f.request === 'Bash: git push origin main' && f.before === 'ask' && f.after === 'deny'), lines(strict).join('\n'));
    assert.ok(!strict.flips.some((f) => f.request.startsWith('Bash: rm ')), 'a deny stays a deny');
    // Project settings cannot switch prompts off: Claude Code ignores bypassPermissions there.
    assert.deepStrictEqual(search(settings({}), settings({ defaultMode: 'bypassPermissions' })).flips, []);
  });

  it('a reordered tier or a rule moved between lists of the same tier flips nothing', () => {
    const r = search(settings({ allow: ['Bash(ls *)', 'Bash(git *)'] }), settings({ allow: ['Bash(git *)', 'Bash(ls *)'] }));
    assert.deepStrictEqual(r.flips, []);
    assert.deepStrictEqual(r.unsearched, []);
  });

  it('every flip is confirmed: the witness decides as reported under both versions', () => {
    const base = settings({ allow: ['Bash(git status)', 'Read(src/**)'], deny: ['Read(./.env)', 'Bash(curl *)'] });
    const current = settings({ allow: ['Bash(git *)', 'Bash(curl https://example.com/*)'], ask: ['Read(./.env)'] });
    const r = search(base, current);
    assert.ok(r.flips.length > 3);
    for (const f of r.flips) {
      assert.strictEqual(claude.evaluate(base, f.witness as ClaudeRequest, CTX).decision, f.before, f.request);
      assert.strictEqual(claude.evaluate(current, f.witness as ClaudeRequest, CTX).decision, f.after, f.request);
    }
  });

  it('in slices: each step does a bounded piece, and the result equals the whole run', () => {
    const base = settings({ allow: ['Bash(git status)'], deny: ['Read(./.env)'] });
    const current = settings({ allow: ['Bash(git *)'] });
    const it = claude.witnesses!.slices!(base, current, [], { ctx: CTX, deadline: new Deadline(SEARCH_MS) });
    let steps = 0;
    let step = it.next();
    while (!step.done) {
      steps++;
      step = it.next();
    }
    assert.ok(steps > 1, 'the search yields between slices');
    assert.deepStrictEqual(step.value.flips.map((f) => f.request), search(base, current).flips.map((f) => f.request));
    assert.deepStrictEqual(runSlices(claude.witnesses!.slices!(base, current, [], { ctx: CTX })).flips.length, step.value.flips.length);
  });

  it('past its deadline the search says what it did not search', () => {
    const r = claude.witnesses!.flips(settings({ allow: ['Bash(git status)'] }), settings({ allow: ['Bash(git *)'] }), [], { ctx: CTX, deadline: new Deadline(-1) });
    assert.ok(r.unsearched && r.unsearched.length > 0);
    assert.match(r.unsearched[0], /Bash commands.*time limit/);
  });
});
