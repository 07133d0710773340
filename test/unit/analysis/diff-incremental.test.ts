import * as assert from 'assert';
import fc from 'fast-check';
import { opencode } from '../../../shared/dialects/opencode';
import { parseOpencode } from '../../../shared/dialects/opencode/parse';
import type { OpencodeRuleSet } from '../../../shared/dialects/opencode/rules';
import { parseRequestsFile } from '../../../shared/requests/parse';
import { runRequests } from '../../../shared/requests/run';
import { storedFlips } from '../../../shared/diff/flips';
import { findOpencodeWitnesses } from '../../../shared/dialects/opencode/analysis/witnesses';
import { countBelow, meetingPositions, mergeAscending, ownSide, patternFacts, sharedEnds, sideCountBelow, sideFor, sideLength, sideRule, unionFacts } from '../../../shared/dialects/opencode/analysis/sides';
import { provablyDisjoint } from '../../../shared/patterns/disjoint';
import { matchesPattern } from '../../../shared/patterns/wildcard';
import { Deadline } from '../../../shared/analysis/budget';
import { TEST_MS } from './helpers';
import { propertyRuns } from '../../helpers/runs';

/**
 * The editor compares each keystroke's parse with one kept base parse, reading the current
 * version's sides and facts off the base's and skipping work the shared ends make needless. Every
 * such shortcut must leave the flips exactly as a search from scratch finds them: the same
 * witnesses, rules, ranges, order, coverage and notes.
 */

type Rule = [string, string, string];
interface Version {
  top: Rule[];
  agent: Rule[];
}

const ACTIONS = ['edit', 'read', 'bash', '*', 'ed*', 'e?it', 'webfetch'];
const action = fc.constantFrom(...ACTIONS);
const resource = fc.oneof(
  fc.array(fc.constantFrom('a', 'b', '/', '*', '?', '.'), { maxLength: 5 }).map((xs) => xs.join('')),
  fc.constantFrom('src/*', 'src/a', '*.env', '~/x/*', 'area1/part2/*', 'area1/part23/*', 'area1/*', '*'),
);
const effect = fc.constantFrom('allow', 'ask', 'deny');
const rule = fc.tuple(action, resource, effect);

type Edit =
  | { k: 'effect'; agent: boolean; i: number; e: string }
  | { k: 'resource'; agent: boolean; i: number; r: string }
  | { k: 'action'; agent: boolean; i: number; a: string }
  | { k: 'insert'; agent: boolean; i: number; rule: Rule }
  | { k: 'delete'; agent: boolean; i: number }
  | { k: 'move'; agent: boolean; i: number; j: number };

const at = fc.nat(40);
const side = fc.boolean();
const edit: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ k: fc.constant('effect' as const), agent: side, i: at, e: effect }) },
  fc.record({ k: fc.constant('resource' as const), agent: side, i: at, r: resource }),
  fc.record({ k: fc.constant('action' as const), agent: side, i: at, a: action }),
  fc.record({ k: fc.constant('insert' as const), agent: side, i: at, rule }),
  fc.record({ k: fc.constant('delete' as const), agent: side, i: at }),
  fc.record({ k: fc.constant('move' as const), agent: side, i: at, j: at }),
);

function apply(v: Version, e: Edit): Version {
  const list = [...(e.agent ? v.agent : v.top)];
  const n = list.length;
  if (e.k === 'insert') list.splice(e.i % (n + 1), 0, e.rule);
  else if (n > 0) {
    const i = e.i % n;
    const [a, r, eff] = list[i];
    if (e.k === 'effect') list[i] = [a, r, e.e];
    else if (e.k === 'resource') list[i] = [a, e.r, eff];
    else if (e.k === 'action') list[i] = [e.a, r, eff];
    else if (e.k === 'delete') list.splice(i, 1);
    else list.splice(e.j % n, 0, ...list.splice(i, 1));
  }
  return e.agent ? { top: v.top, agent: list } : { top: list, agent: v.agent };
}

const asV2 = (rules: Rule[]) => rules.map(([a, r, e]) => ({ action: a, resource: r, effect: e }));

function text(v: Version): string {
  const cfg: Record<string, unknown> = { permissions: asV2(v.top) };
  if (v.agent.length > 0) cfg.agent = { build: { permissions: asV2(v.agent) } };
  return JSON.stringify(cfg, null, 2);
}

function parse(t: string, builtins: boolean): OpencodeRuleSet {
  return parseOpencode({ path: 'opencode.json', text: t }, { home: '/home/u', builtins });
}

const request = fc.record({ action: fc.constantFrom('edit', 'read', 'bash', 'webfetch'), resource: fc.constantFrom('a', 'src/a', 'x.env', 'area1/part2/f', 'area1/part23/f', 'b/a', '/home/u/x/y') });

function requestsText(reqs: Array<{ action: string; resource: string }>): string {
  return JSON.stringify({ requests: reqs.map((r, i) => ({ name: `r${i}`, action: r.action, resources: [r.resource] })) });
}

/** Everything a flip shows, ranges included: the rule objects may differ, what they say may not. */
function shown(r: { flips: unknown[]; notes: string[] }): string {
  return JSON.stringify(r);
}

describe('analysis: OpenCode flips read off a kept base equal a search from scratch', () => {
  it('random edits typed one after another against one base parse', function () {
    fc.assert(
      fc.property(
        fc.record({ top: fc.array(rule, { maxLength: 14 }), agent: fc.array(rule, { maxLength: 3 }) }),
        fc.array(fc.array(edit, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 4 }),
        fc.array(request, { maxLength: 6 }),
        fc.boolean(),
        (start, keystrokes, reqs, builtins) => {
          const baseText = text(start);
          const base = parse(baseText, builtins);
          const requests = parseRequestsFile('opencode.requests.json', requestsText(reqs), opencode);
          const baseResults = runRequests(opencode, base, requests);
          let v: Version = start;
          for (const step of keystrokes) {
            v = step.reduce(apply, v);
            const currentText = text(v);
            const current = parse(currentText, builtins);
            const known = storedFlips(baseResults, runRequests(opencode, current, requests));
            const fast = findOpencodeWitnesses(base, current, known, new Deadline(TEST_MS));
            // From scratch: fresh parses, nothing read off the base nor kept from earlier keystrokes.
            const full = findOpencodeWitnesses(parse(baseText, builtins), parse(currentText, builtins), known, new Deadline(TEST_MS), false);
            assert.strictEqual(shown(fast), shown(full), `${baseText}\n→\n${currentText}`);
            for (const agent of [undefined, 'build', 'plan']) for (const a of ['edit', 'read', 'bash', 'other']) {
              const derived = sideFor(current, agent, a);
              const own = ownSide(current, agent, a);
              assert.deepStrictEqual(derived.at, own.at, `side ${agent} ${a}`);
              assert.ok(derived.rules.every((r, i) => r === own.rules[i]), `side ${agent} ${a}: the current version's own rules`);
              // Read entry by entry, as the search reads it before narrowing, without the lists.
              assert.strictEqual(sideLength(derived), own.at.length);
              for (let i = 0; i < own.at.length; i++) assert.strictEqual(sideRule(derived, i), own.rules[i]);
              for (const limit of [0, 1, 3, 7, 1000]) assert.strictEqual(sideCountBelow(derived, limit), countBelow(own.at, limit));
            }
          }
        },
      ),
      { numRuns: propertyRuns(150), seed: 20261130 },
    );
  });

  it('a file opened with effects changed since its base: the base borrows the current facts, and the flips are as from scratch', () => {
    const effectsOnly = fc.array(fc.record({ k: fc.constant('effect' as const), agent: side, i: at, e: effect }), { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(fc.record({ top: fc.array(rule, { minLength: 1, maxLength: 14 }), agent: fc.array(rule, { maxLength: 3 }) }), effectsOnly, fc.boolean(), (start, edits, builtins) => {
        const v = edits.reduce(apply, start);
        const baseText = text(start);
        const currentText = text(v);
        // As an open does it: the current version is analysed first, then its base is read (the
        // parser's pattern pool gives it the same pattern objects).
        const current = parse(currentText, builtins);
        const facts = patternFacts(current);
        const base = parse(baseText, builtins);
        const fast = findOpencodeWitnesses(base, current, [], new Deadline(TEST_MS));
        assert.strictEqual(patternFacts(base), facts, 'the base borrows the facts of the same patterns');
        const full = findOpencodeWitnesses(parse(baseText, builtins), parse(currentText, builtins), [], new Deadline(TEST_MS), false);
        assert.strictEqual(shown(fast), shown(full), `${baseText}\n→\n${currentText}`);
      }),
      { numRuns: propertyRuns(150), seed: 20261201 },
    );
    // A pattern changed: the base reads its own facts.
    const current = parse(text({ top: [['edit', 'src/*', 'deny']], agent: [] }), false);
    const facts = patternFacts(current);
    const base = parse(text({ top: [['edit', 'src/a', 'deny']], agent: [] }), false);
    findOpencodeWitnesses(base, current, [], new Deadline(TEST_MS));
    assert.notStrictEqual(patternFacts(base), facts);
  });

  it('the union of pattern facts read from the changed middle equals the one read from both whole files', () => {
    fc.assert(
      fc.property(fc.array(rule, { maxLength: 12 }), fc.array(edit, { minLength: 1, maxLength: 3 }), (rules, edits) => {
        const v = edits.reduce(apply, { top: rules, agent: [] });
        const base = parse(text({ top: rules, agent: [] }), false);
        const current = parse(text(v), false);
        const whole = { b: patternFacts(base), c: patternFacts(current) };
        const merged = unionFacts(base, current, sharedEnds(base, current, false));
        const dedupe = <T>(xs: T[]) => [...new Set(xs)];
        assert.deepStrictEqual(merged.literals, dedupe([...whole.b.literals, ...whole.c.literals]));
        assert.deepStrictEqual(dedupe(merged.chars), dedupe([...whole.b.chars, ...whole.c.chars]));
        assert.deepStrictEqual(
          merged.actionPatterns.map((w) => JSON.stringify(w.alts)),
          dedupe([...whole.b.actionPatterns, ...whole.c.actionPatterns].map((w) => JSON.stringify(w.alts))),
        );
      }),
      { numRuns: propertyRuns(200), seed: 20261131 },
    );
  });

  it('a side holds exactly the rules its agent sees whose action pattern matches, in evaluation order', () => {
    fc.assert(
      fc.property(fc.record({ top: fc.array(rule, { maxLength: 14 }), agent: fc.array(rule, { maxLength: 4 }) }), fc.boolean(), (v, builtins) => {
        const rs = parse(text(v), builtins);
        const order = rs.order ? rs.order.map((i) => rs.rules[i]) : rs.rules;
        for (const agent of [undefined, 'build', 'plan', 'ghost']) {
          for (const act of ['edit', 'read', 'bash', 'webfetch', 'other']) {
            const want = order.filter((r) => (r.agent === null || r.agent === agent) && matchesPattern(r.actionPattern, act));
            assert.deepStrictEqual(ownSide(rs, agent, act).rules, want, `${agent} ${act}`);
            assert.deepStrictEqual(sideFor(rs, agent, act).rules, want, `${agent} ${act}`);
          }
        }
      }),
      { numRuns: propertyRuns(200), seed: 20261129 },
    );
  });

  it('ascending lists of distinct positions merge into their sorted union', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(200), { maxLength: 60 }), fc.array(fc.nat(3), { maxLength: 60 }), (all, owner) => {
        const lists: number[][] = [[], [], [], []];
        [...all].sort((a, b) => a - b).forEach((x, i) => lists[owner[i] ?? 0].push(x));
        assert.deepStrictEqual([...mergeAscending(lists)], [...all].sort((a, b) => a - b));
      }),
      { numRuns: propertyRuns(300), seed: 20261130 },
    );
  });

  it('the rules an index of fixed starts finds are exactly those provablyDisjoint does not rule out', () => {
    const literal = fc.constantFrom('area1/', 'area12/', 'part2', 'part23', 'src/', 'a', 'b', '.env', '/');
    const piece = fc.oneof(literal, fc.constantFrom('*', '?'));
    const pattern = fc.array(piece, { maxLength: 4 }).map((xs) => xs.join(''));
    fc.assert(
      fc.property(fc.array(pattern, { minLength: 1, maxLength: 30 }), fc.array(pattern, { minLength: 1, maxLength: 3 }), (shared, changed) => {
        const rs = parse(text({ top: shared.map((r): Rule => ['edit', r, 'allow']), agent: [] }), false);
        const probes = parse(text({ top: changed.map((r): Rule => ['edit', r, 'deny']), agent: [] }), false).rules;
        const side = sideFor(rs, undefined, 'edit');
        const expected = side.rules.flatMap((r, j) => (probes.every((m) => provablyDisjoint(m.resourcePattern, r.resourcePattern)) ? [] : [j]));
        // Tested rule by rule, then through the index, asked again and of a part of the changed
        // rules: the index is kept with the parse.
        assert.deepStrictEqual(meetingPositions(side, probes, Infinity), expected);
        assert.deepStrictEqual(meetingPositions(side, probes, 0), expected);
        assert.deepStrictEqual(meetingPositions(side, probes), expected);
        assert.deepStrictEqual(meetingPositions(side, probes.slice(0, 1)), side.rules.flatMap((r, j) => (provablyDisjoint(probes[0].resourcePattern, r.resourcePattern) ? [] : [j])));
      }),
      { numRuns: propertyRuns(300), seed: 20261132 },
    );
  });

  it('an effect flipped among thousands of rules: one witness, decided by the edited rule, as from scratch', () => {
    const rules: Rule[] = Array.from({ length: 2000 }, (_, i) => [['edit', 'read', 'bash', 'webfetch'][i % 4], `area${i % 97}/part${i}/*`, ['allow', 'ask', 'deny'][i % 3]]);
    const baseText = text({ top: rules, agent: [] });
    const base = parse(baseText, false);
    for (const k of [17, 1032, 1999]) {
      const edited = rules.map((r, i): Rule => (i === k ? [r[0], r[1], ['allow', 'ask', 'deny'][(i + 1) % 3]] : r));
      const currentText = text({ top: edited, agent: [] });
      const fast = findOpencodeWitnesses(base, parse(currentText, false), [], new Deadline(TEST_MS));
      const full = findOpencodeWitnesses(parse(baseText, false), parse(currentText, false), [], new Deadline(TEST_MS), false);
      assert.strictEqual(shown(fast), shown(full));
      assert.strictEqual(fast.flips.length, 1, JSON.stringify(fast.flips));
      assert.strictEqual(fast.flips[0].afterRule?.index, k);
      assert.strictEqual(fast.flips[0].before, rules[k][2]);
    }
  });
});
