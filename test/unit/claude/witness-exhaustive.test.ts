import * as assert from 'assert';
import { LEXICAL_FS } from '../../../shared/model';
import fc from 'fast-check';
import { claude, initShellParser } from '../../../shared/dialects/claude';
import type { ClaudeRequest, ClaudeRuleSet } from '../../../shared/dialects/claude';
import { propertyRuns } from '../../helpers/runs';
import { checkSearch, commandsOver } from '../../helpers/witness-check';

/**
 * Claude Code's witness search against the real evaluator on small alphabets: over random pairs of
 * rule sets, every flip it reports is real (both decisions and both deciding rules), and no class
 * of flip that some request of the alphabet shows is missing. Compound commands combine their
 * parts' classes, so for them only the direction is required: a change that loosens a chain
 * reports a loosened flip.
 */

// Witnesses are judged on a file system without symlinks; the evaluator checks them on the same one.
const CTX = { root: '/p', home: '/h', fs: LEXICAL_FS };
type Lists = [allow: string[], ask: string[], deny: string[]];

function settings([allow, ask, deny]: Lists, mode?: string): ClaudeRuleSet {
  return claude.parse({ path: '/p/.claude/settings.json', text: JSON.stringify({ permissions: { allow, ask, deny, ...(mode ? { defaultMode: mode } : {}) } }) }, CTX);
}

const lists = (rule: fc.Arbitrary<string>) => fc.tuple(fc.array(rule, { maxLength: 3 }), fc.array(rule, { maxLength: 2 }), fc.array(rule, { maxLength: 2 }));
/** The kind of request flips are told apart by: the tool, an MCP tool's server. */
const byTool = (q: ClaudeRequest) => (q.tool.startsWith('mcp__') ? q.tool.split('__').slice(0, 2).join('__') : q.tool);

/** Reports of one check, for the assertion message. */
function verdict(r: ReturnType<typeof checkSearch>): string {
  return JSON.stringify({ unreal: r.unreal, missed: r.missed, missedDirections: r.missedDirections, unsearched: r.unsearched, reported: r.flips.map((f) => `${f.request}: ${f.before} → ${f.after}`) }, null, 1);
}

describe('claude: the witness search misses no flip on small alphabets', () => {
  before(async () => {
    await initShellParser();
  });

  it('Bash rules: prefixes, wildcards anywhere, exact commands, the bare tool; simple commands and chains', () => {
    const words = ['git', 'status', 'push', 'rm', 'x'];
    const simple = commandsOver(words, 3).map((w) => ({ tool: 'Bash', command: w.join(' ') }));
    const short = commandsOver(words, 2).map((w) => w.join(' '));
    const chains = short.flatMap((a) => short.slice(0, 8).map((b) => ({ tool: 'Bash', command: `${a} && ${b}` })));
    const rule = fc.constantFrom('Bash(git)', 'Bash(git *)', 'Bash(git status)', 'Bash(git status *)', 'Bash(rm *)', 'Bash(*)', 'Bash(git:*)', 'Bash(* push)', 'Bash(git *sh)', 'Bash(x)', 'Bash', 'Bash(* x *)');
    fc.assert(
      fc.property(lists(rule), lists(rule), fc.constantFrom(undefined, 'acceptEdits', 'dontAsk'), (a, b, mode) => {
        const r = checkSearch(claude, settings(a), settings(b, mode), { exact: simple, directions: chains }, byTool, CTX);
        assert.ok(r.unreal.length + r.missed.length + r.missedDirections.length + r.unsearched.length === 0, verdict(r));
      }),
      { numRuns: propertyRuns(40), seed: 3601 },
    );
  });

  it('Read and Edit rules: anchors, folders, names at any depth, globs; paths inside and outside', () => {
    const segs = ['a', 'src', '.env', 'b.ts'];
    const rel = commandsOver(segs, 3).map((w) => w.join('/'));
    const paths = [...rel, ...rel.slice(0, 20).map((p) => `/etc/${p}`), ...rel.slice(0, 20).map((p) => `~/${p}`)];
    const universe = ['Read', 'Edit'].flatMap((tool) => paths.map((path) => ({ tool, path })));
    const rule = fc.constantFrom('Read(.env)', 'Read(./.env)', 'Read(src/**)', 'Edit(src/**)', 'Read(*.ts)', 'Edit(**/*.ts)', 'Read(/src/**)', 'Edit(a)', 'Read(//etc/**)', 'Read(~/**)', 'Edit(src/*)', 'Read', 'Edit', 'Read(a/*)', 'Edit(//p/a/**)');
    fc.assert(
      fc.property(lists(rule), lists(rule), (a, b) => {
        const r = checkSearch(claude, settings(a), settings(b), { exact: universe }, byTool, CTX);
        assert.ok(r.unreal.length + r.missed.length + r.unsearched.length === 0, verdict(r));
      }),
      { numRuns: propertyRuns(40), seed: 3602 },
    );
  });

  it('WebFetch domains and MCP tools: subdomain wildcards, apexes, servers and their tools', () => {
    const hosts = ['a.com', 'x.a.com', 'y.x.a.com', 'b.com', 'x.b.com', 'a.comx'].map((h) => ({ tool: 'WebFetch', url: `https://${h}/` }));
    const tools = ['mcp__gh__issue', 'mcp__gh__pr', 'mcp__db__query', 'mcp__db__drop'].map((tool) => ({ tool }));
    const rule = fc.constantFrom('WebFetch(domain:a.com)', 'WebFetch(domain:*.a.com)', 'WebFetch(domain:*.com)', 'WebFetch(domain:x.b.com)', 'WebFetch', 'mcp__gh', 'mcp__gh__issue', 'mcp__db__*', 'mcp__db__drop');
    fc.assert(
      fc.property(lists(rule), lists(rule), (a, b) => {
        const r = checkSearch(claude, settings(a), settings(b), { exact: [...hosts, ...tools] }, byTool, CTX);
        assert.ok(r.unreal.length + r.missed.length + r.unsearched.length === 0, verdict(r));
      }),
      { numRuns: propertyRuns(60), seed: 3603 },
    );
  });
});
