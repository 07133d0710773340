import * as assert from 'assert';
import fc from 'fast-check';
import { omp, type OmpRequest, type OmpRuleSet } from '../../../shared/dialects/omp';
import { Deadline } from '../../../shared/analysis/budget';
import { propertyRuns } from '../../helpers/runs';
import { checkSearch, commandsOver, SEARCH_MS } from '../../helpers/witness-check';

const FILE = '/p/.omp/config.json';
type Patterns = Array<[match: string, approval: string]>;

function config(patterns: Patterns, mode = 'always-ask', extra: Record<string, unknown> = {}): OmpRuleSet {
  return omp.parse({ path: FILE, text: JSON.stringify({ tools: { approvalMode: mode, ...extra }, bash: { patterns: patterns.map(([match, approval]) => ({ match, approval })) } }) });
}

const search = (a: OmpRuleSet, b: OmpRuleSet) => omp.witnesses!.flips(a, b, [], { deadline: new Deadline(SEARCH_MS) });
const lines = (r: { flips: Array<{ request: string; before: string; after: string }> }) => r.flips.map((f) => `${f.request}: ${f.before} → ${f.after}`).join('\n');

describe('omp: change impact finds what a change newly decides', () => {
  it("the issue's change: git status widened to git *, the rm deny dropped", () => {
    const r = search(config([['rm *', 'deny'], ['git status', 'allow']]), config([['git *', 'allow']]));
    assert.deepStrictEqual(r.unsearched, []);
    assert.deepStrictEqual(lines(r).split('\n'), ['bash: rm -rf build: deny → ask', 'bash: git push origin main: ask → allow']);
    assert.strictEqual(r.flips[0].beforeRule?.label, 'rm * deny');
  });

  it('order decides: moving an allow above a deny newly allows what both match', () => {
    const r = search(config([['git push *', 'deny'], ['git *', 'allow']]), config([['git *', 'allow'], ['git push *', 'deny']]));
    assert.deepStrictEqual(lines(r).split('\n'), ['bash: git push origin main: deny → allow']);
  });

  it('shell control: a deny matches a segment of a chain, an allow only a whole plain command', () => {
    // A chain's segment flips with the same rule as the command alone: one flip stands for both.
    const current = config([['rm *', 'deny']]);
    const r = search(config([]), current);
    assert.deepStrictEqual(lines(r).split('\n'), ['bash: rm -rf build: ask → deny']);
    assert.strictEqual(omp.evaluate(current, { command: 'cd src && rm -rf build' }).decision, 'deny');
    const allow = search(config([]), config([['git *', 'allow']]));
    assert.ok(!allow.flips.some((f) => /&&/.test(f.request)), lines(allow));
  });

  it('critical commands: an allow of rm * in write mode still prompts for rm -rf /', () => {
    const r = search(config([], 'write'), config([['rm *', 'allow']], 'write'));
    assert.ok(r.flips.some((f) => f.request === 'bash: rm -rf build' && f.after === 'allow'), lines(r));
    assert.ok(!r.flips.some((f) => f.request === 'bash: rm -rf /' && f.after === 'allow'), lines(r));
  });

  it('the approval mode and per-tool policy: every tool they speak of is searched', () => {
    const r = search(config([], 'always-ask'), config([], 'write', { approval: { edit: 'deny' } }));
    assert.ok(r.flips.some((f) => f.request === 'write' && f.before === 'ask' && f.after === 'allow'), lines(r));
    assert.ok(r.flips.some((f) => f.request === 'edit' && f.after === 'deny'), lines(r));
  });

  it('every flip is real and no class of commands over a small alphabet is missed', () => {
    const words = ['git', 'status', 'push', 'rm', '/'];
    const simple = commandsOver(words, 3).map((w): OmpRequest => ({ command: w.join(' ') }));
    const short = commandsOver(words, 2).map((w) => w.join(' '));
    const chains = short.flatMap((a) => short.slice(0, 12).map((b): OmpRequest => ({ command: `${a} && ${b}` })));
    const pattern = fc.tuple(fc.constantFrom('git *', 'git status', 'rm *', '*', '* push', 'git *sh', 'rm -rf *', 'status'), fc.constantFrom('allow', 'prompt', 'deny'));
    const file = fc.tuple(fc.array(pattern, { maxLength: 4 }), fc.constantFrom('always-ask', 'write', 'yolo'), fc.boolean());
    fc.assert(
      fc.property(file, file, ([pa, ma, ca], [pb, mb, cb]) => {
        const a = omp.parse({ path: FILE, text: JSON.stringify({ tools: { approvalMode: ma }, bash: { allowCompoundCommands: ca, patterns: pa.map(([match, approval]) => ({ match, approval })) } }) });
        const b = omp.parse({ path: FILE, text: JSON.stringify({ tools: { approvalMode: mb }, bash: { allowCompoundCommands: cb, patterns: pb.map(([match, approval]) => ({ match, approval })) } }) });
        const r = checkSearch(omp, a, b, { exact: simple, directions: chains }, (q: OmpRequest) => q.tool ?? 'bash');
        assert.ok(r.unreal.length + r.missed.length + r.missedDirections.length + r.unsearched.length === 0, JSON.stringify({ ...r, flips: lines(r) }, null, 1));
      }),
      { numRuns: propertyRuns(80), seed: 3606 },
    );
  });
});
