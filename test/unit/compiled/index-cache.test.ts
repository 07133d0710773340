import * as assert from 'assert';
import fc from 'fast-check';
import { parseOpencode, evaluateOpencode } from '../../../shared/dialects/opencode';
import type { OpencodeRequest } from '../../../shared/dialects/opencode';
import { compileRuleSet, evaluateCompiled } from '../../../shared/compiled';
import { outcomeOfSection, outcomesOf } from '../../../shared/compiled/outcomes';
import { clearSharedIndexes, IndexCache, sharedIndex } from '../../../shared/compiled/index-cache';
import { opencodePattern } from '../../../shared/dialects/opencode/pattern';
import { EFFECTS, patternArb, requestArb, ACTIONS, type GenRule } from './arbitraries';
import type { Verdict } from '../../../shared/model';
import { opencode } from '../../../shared/dialects/opencode';

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);

const ruleArb: fc.Arbitrary<GenRule> = fc.record({
  action: fc.constantFrom(...ACTIONS),
  resource: patternArb,
  effect: fc.constantFrom(...EFFECTS),
});

/** One keystroke's worth of change to a rule list: what an edit in the editor does to it. */
const editArb = fc.oneof(
  fc.record({ kind: fc.constant('effect' as const), at: fc.nat(), effect: fc.constantFrom(...EFFECTS) }),
  fc.record({ kind: fc.constant('resource' as const), at: fc.nat(), resource: patternArb }),
  fc.record({ kind: fc.constant('action' as const), at: fc.nat(), action: fc.constantFrom(...ACTIONS) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), rule: ruleArb }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('move' as const), at: fc.nat(), to: fc.nat() }),
);
type Edit = typeof editArb extends fc.Arbitrary<infer T> ? T : never;

function applyEdit(rules: GenRule[], e: Edit): GenRule[] {
  const out = rules.map((r) => ({ ...r }));
  const at = out.length ? e.at % out.length : 0;
  if (e.kind === 'insert') out.splice(at, 0, e.rule);
  else if (out.length === 0) return out;
  else if (e.kind === 'effect') out[at].effect = e.effect;
  else if (e.kind === 'resource') out[at].resource = e.resource;
  else if (e.kind === 'action') out[at].action = e.action;
  else if (e.kind === 'delete') out.splice(at, 1);
  else out.splice(e.to % out.length, 0, ...out.splice(at, 1));
  return out;
}

const configArb = fc.record({ top: fc.array(ruleArb, { maxLength: 14 }), plan: fc.array(ruleArb, { maxLength: 5 }) });
const textOf = (c: { top: GenRule[]; plan: GenRule[] }) => JSON.stringify({ permissions: c.top, agents: { plan: { permissions: c.plan } } });

/** Every field of a verdict, its trace read last (after the rule set may have moved on). */
const fieldsOf = (v: Verdict) => ({ decision: v.decision, native: v.native, code: v.code, rule: v.rule, details: v.details, outcomes: outcomesOf(v) });

describe('indexes shared between versions of a rule file', () => {
  afterEach(clearSharedIndexes);

  it('decide an edited rule set as the reference does, with a warm cache and a cold one', () => {
    fc.assert(
      fc.property(configArb, fc.array(editArb, { minLength: 1, maxLength: 3 }), fc.boolean(), fc.array(requestArb, { minLength: 1, maxLength: 5 }), (config, edits, builtins, requests) => {
        // The same path for both versions: the parser's pattern pool then shares unchanged patterns.
        const parse = (c: typeof config) => parseOpencode({ path: '/p/opencode.json', text: textOf(c) }, { home: '/home/u', builtins });
        let edited = config;
        for (const e of edits) edited = { top: applyEdit(edited.top, e), plan: applyEdit(edited.plan, e) };
        const before = parse(config);
        const after = parse(edited);
        const reqs = requests as OpencodeRequest[];
        clearSharedIndexes();
        const warmBefore = reqs.map((r) => evaluateCompiled(compileRuleSet(before, opencode), r));
        const warm = reqs.map((r) => evaluateCompiled(compileRuleSet(after, opencode), r));
        clearSharedIndexes();
        const cold = reqs.map((r) => evaluateCompiled(compileRuleSet(after, opencode), r));
        reqs.forEach((r, k) => {
          const want = evaluateOpencode(after, r);
          const wantFields = { ...fieldsOf(want), outcomes: want.trace.sections.map(outcomeOfSection) };
          assert.deepStrictEqual(fieldsOf(warm[k]), wantFields);
          assert.deepStrictEqual(fieldsOf(cold[k]), wantFields);
          assert.deepStrictEqual(warm[k], want);
          assert.deepStrictEqual(cold[k], want);
          // A verdict of the older version, its trace read only now, still shows the older rules.
          assert.deepStrictEqual(warmBefore[k], evaluateOpencode(before, r));
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('decide alike whether unchanged patterns are shared objects or parsed afresh', () => {
    fc.assert(
      fc.property(configArb, editArb, fc.array(requestArb, { minLength: 1, maxLength: 5 }), (config, edit, requests) => {
        const edited = { top: applyEdit(config.top, edit), plan: applyEdit(config.plan, edit) };
        // Distinct paths: no pattern object is shared, only pattern contents are.
        const a = parseOpencode({ path: '/a/opencode.json', text: textOf(config) }, { home: '/home/u', builtins: false });
        const b = parseOpencode({ path: '/b/opencode.json', text: textOf(edited) }, { home: '/home/u', builtins: false });
        for (const r of requests as OpencodeRequest[]) {
          evaluateCompiled(compileRuleSet(a, opencode), r);
          assert.deepStrictEqual(evaluateCompiled(compileRuleSet(b, opencode), r), evaluateOpencode(b, r));
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('never carries an effect, a label or a rule number over from the version it was built for', () => {
    const v1 = parseOpencode({ path: '/p/opencode.json', text: JSON.stringify({ permissions: [
      { action: 'edit', resource: 'docs/*', effect: 'allow' },
      { action: 'edit', resource: 'secrets/*', effect: 'deny' },
    ] }) }, { builtins: false });
    // The same patterns in the same order for `edit`, but other effects and another rule in front.
    const v2 = parseOpencode({ path: '/p/opencode.json', text: JSON.stringify({ permissions: [
      { action: 'read', resource: '*', effect: 'ask' },
      { action: 'edit', resource: 'docs/*', effect: 'deny' },
      { action: 'edit', resource: 'secrets/*', effect: 'allow' },
    ] }) }, { builtins: false });
    const req = { action: 'edit', resources: ['secrets/key'] };
    const old = evaluateCompiled(compileRuleSet(v1, opencode), req);
    const now = evaluateCompiled(compileRuleSet(v2, opencode), req);
    assert.deepStrictEqual([old.decision, old.rule?.index, old.rule?.label], ['deny', 1, 'edit secrets/* deny']);
    assert.deepStrictEqual([now.decision, now.rule?.index, now.rule?.label], ['allow', 2, 'edit secrets/* allow']);
    assert.strictEqual(old.trace.sections[0].rows.length, 2);
    assert.deepStrictEqual(now.trace.sections[0].rows.map((r) => r.label), ['read * ask', 'edit docs/* deny', 'edit secrets/* allow']);
  });

  it('tell apart lists that look alike: same fingerprint, or the same text expanded for another home', () => {
    // Same lengths, middle and last characters: one bucket, two contents.
    const a = [opencodePattern('ab/x*'), opencodePattern('q')];
    const b = [opencodePattern('cb/x*'), opencodePattern('q')];
    const ia = sharedIndex(a);
    const ib = sharedIndex(b);
    assert.notStrictEqual(ia, ib);
    assert.strictEqual(ib.last('cb/xyz', () => true), 0);
    assert.strictEqual(ib.last('ab/xyz', () => true), -1);
    // `~/…` reads as the home folder: one text, two patterns, and each parse decides by its own.
    const text = JSON.stringify({ permissions: [{ action: 'read', resource: '~/keys/*', effect: 'deny' }, { action: 'read', resource: '*', effect: 'allow' }, { action: 'read', resource: '~/keys/*', effect: 'deny' }] });
    for (const home of ['/home/a', '/home/b', '/home/a']) {
      const rs = parseOpencode({ path: '/p/opencode.json', text }, { home, builtins: false });
      for (const resource of ['/home/a/keys/k', '/home/b/keys/k']) {
        const req = { action: 'read', resources: [resource] };
        assert.deepStrictEqual(evaluateCompiled(compileRuleSet(rs, opencode), req), evaluateOpencode(rs, req));
      }
      assert.strictEqual(evaluateCompiled(compileRuleSet(rs, opencode), { action: 'read', resources: [`${home}/keys/k`] }).decision, 'deny');
    }
  });

  it('share one index between lists of equal patterns and keep the cache within its bounds', () => {
    const list = (n: number, tag: string) => Array.from({ length: n }, (_, i) => opencodePattern(`${tag}/${i}/*`));
    assert.strictEqual(sharedIndex(list(3, 'a')), sharedIndex(list(3, 'a')));
    assert.notStrictEqual(sharedIndex(list(3, 'a')), sharedIndex(list(3, 'b')));
    assert.notStrictEqual(sharedIndex(list(3, 'a')), sharedIndex(list(4, 'a')));
    assert.notStrictEqual(sharedIndex([opencodePattern('a*'), opencodePattern('b*')]), sharedIndex([opencodePattern('b*'), opencodePattern('a*')]));
    const cache = new IndexCache(4, 10);
    for (let i = 0; i < 9; i++) cache.get(list(2, `many${i}`));
    assert.deepStrictEqual(cache.stats(), { indexes: 4, patterns: 8 });
    // The most recently used survive: `many8` was added last, `many5` is read again before a new one.
    const recent = cache.get(list(2, 'many5'));
    cache.get(list(3, 'three'));
    assert.strictEqual(cache.get(list(2, 'many5')), recent);
    assert.ok(cache.stats().patterns <= 10);
    // A list larger than the whole budget is indexed for its caller and not kept.
    const huge = list(11, 'huge');
    assert.notStrictEqual(cache.get(huge), cache.get(huge));
    assert.ok(cache.stats().patterns <= 10 && cache.stats().indexes <= 4);
  });
});

describe('shared pattern indexes: what they keep alive', () => {
  it('keeps no pattern object, so what analyses attach to one goes with its file', async () => {
    require('v8').setFlagsFromString('--expose-gc');
    const gc = require('vm').runInNewContext('gc') as () => void;
    const cache = new IndexCache(8, 10_000);
    let patterns: ReturnType<typeof opencodePattern>[] | undefined = [opencodePattern('docs/*'), opencodePattern('src/**/x')];
    const refs = patterns.map((p) => new WeakRef(p));
    cache.get(patterns);
    patterns = undefined;
    // A weak reference holds until the current job ends; collect after it.
    await new Promise((r) => setImmediate(r));
    gc();
    await new Promise((r) => setImmediate(r));
    assert.deepStrictEqual(refs.map((r) => r.deref()), [undefined, undefined]);
    // The index is still found for equal patterns.
    assert.strictEqual(cache.stats().indexes, 1);
    const again = [opencodePattern('docs/*'), opencodePattern('src/**/x')];
    assert.strictEqual(cache.get(again), cache.get(again));
    assert.strictEqual(cache.stats().indexes, 1);
  });
});
