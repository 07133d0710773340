import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import fc from 'fast-check';
import { opencode } from '../../../shared/dialects/opencode';
import { parseOpencode } from '../../../shared/dialects/opencode/parse';
import { evaluateOpencode } from '../../../shared/dialects/opencode/evaluate';
import type { OpencodeRequest, OpencodeRuleSet } from '../../../shared/dialects/opencode/rules';
import { parseRequestsFile } from '../../../shared/requests/parse';
import { runRequests } from '../../../shared/requests/run';
import { countFlips, storedFlips, type Flip } from '../../../shared/diff/flips';
import { witnessFlips } from '../../../shared/diff/witness';
import { findOpencodeWitnesses } from '../../../shared/dialects/opencode';
import { Deadline } from '../../../shared/analysis/budget';
import { cli, OPENCODE_PAIR, scratchCopy } from '../../cli/helpers';
import { TEST_MS, v2 } from './helpers';
import { strings } from '../../helpers/brute-force';
import { propertyRuns } from '../../helpers/runs';

const EXAMPLE = OPENCODE_PAIR;

function example(): { base: OpencodeRuleSet; current: OpencodeRuleSet; text: string } {
  const text = fs.readFileSync(path.join(EXAMPLE, 'opencode.json'), 'utf8');
  const cfg = JSON.parse(text);
  cfg.permissions.push({ action: 'edit', resource: '*', effect: 'allow' });
  const appended = JSON.stringify(cfg, null, 2);
  return { base: parseOpencode({ path: 'opencode.json', text }, { builtins: false }), current: parseOpencode({ path: 'opencode.json', text: appended }, { builtins: false }), text: appended };
}

function decide(rs: OpencodeRuleSet, req: unknown): string {
  return evaluateOpencode(rs, req as OpencodeRequest).decision;
}

describe('analysis: change-impact witnesses for OpenCode', () => {
  it('appending edit * allow: a secrets/… resource is newly allowed (deny → allow), decided by the new rule', () => {
    const { base, current } = example();
    const { flips, notes } = witnessFlips(opencode, base, current, []);
    assert.deepStrictEqual(notes, []);
    const secret = flips.find((f) => f.before === 'deny' && f.after === 'allow');
    assert.ok(secret, JSON.stringify(flips));
    assert.match(secret.subject!, /^secrets\//);
    assert.strictEqual(secret.kind, 'witness');
    assert.strictEqual(secret.request, `edit ${secret.subject}`);
    assert.deepStrictEqual(secret.witness, { action: 'edit', resources: [secret.subject] });
    assert.strictEqual(secret.beforeRule?.label, 'edit secrets/* deny');
    assert.strictEqual(secret.afterRule?.index, 3);
    assert.deepStrictEqual(secret.afterRange, current.rules[3].range);
    assert.strictEqual(secret.direction, 'loosened');
    assert.ok(flips.some((f) => f.before === 'ask' && f.after === 'allow'));
    assert.ok(!flips.some((f) => f.direction === 'tightened'));
  });

  it('marks a pair a stored request already shows (not counted twice), and counts one no stored request covers', () => {
    const { base, current } = example();
    const requests = parseRequestsFile('opencode.requests.json', fs.readFileSync(path.join(EXAMPLE, 'opencode.requests.json'), 'utf8'), opencode);
    const stored = storedFlips(runRequests(opencode, base, requests), runRequests(opencode, current, requests));
    const all = witnessFlips(opencode, base, current, stored).flips;
    assert.deepStrictEqual(all.map((f) => [f.before, f.after, f.coveredBy !== undefined]), [['deny', 'allow', true], ['ask', 'allow', true]]);
    assert.ok(/^secrets\//.test(all[0].subject ?? ''), 'the secrets region is still shown by its own witness');
    assert.deepStrictEqual(countFlips(all), { loosened: 0, tightened: 0 });
    // Only the protected path is stored: the ask → allow change elsewhere is uncovered and counts.
    const onlySecret = stored.filter((f) => f.subject === 'secrets/test.env');
    const left = witnessFlips(opencode, base, current, onlySecret).flips.filter((f) => f.coveredBy === undefined);
    assert.deepStrictEqual(left.map((f) => [f.before, f.after]), [['ask', 'allow']]);
  });

  it('a stored subject decided by other rules does not hide the pair', () => {
    const base = v2([['edit', '*', 'ask'], ['edit', 'a*', 'deny'], ['edit', 'b*', 'deny']]);
    const current = v2([['edit', '*', 'ask'], ['edit', 'a*', 'deny'], ['edit', 'b*', 'deny'], ['edit', 'a*', 'allow'], ['edit', 'b*', 'allow']]);
    const shown: Flip = { kind: 'stored', request: 'b', subject: 'b1', before: 'deny', after: 'allow', beforeRule: { index: 2, id: null, label: '' }, afterRule: { index: 4, id: null, label: '' }, direction: 'loosened', action: 'edit' };
    // Two resource classes flip (a… by rules 2 → 4, b… by rules 3 → 5): each is its own flip.
    const flips = witnessFlips(opencode, base, current, [shown]).flips;
    assert.deepStrictEqual(flips.map((f) => [f.subject?.[0], f.coveredBy]), [['a', undefined], ['b', 'b']]);
    assert.deepStrictEqual(countFlips(flips), { loosened: 1, tightened: 0 });
    const other: Flip = { ...shown, subject: 'a1' };
    const open = witnessFlips(opencode, base, current, [other]).flips;
    assert.deepStrictEqual(open.map((f) => [f.subject?.[0], f.coveredBy]), [['a', 'b'], ['b', undefined]]);
  });

  it('a wildcard action and a fresh action are searched too', () => {
    const base = v2([['edit', '*', 'deny']]);
    const current = v2([['edit', '*', 'deny'], ['mcp_*', '*', 'allow'], ['*', 'x', 'deny']]);
    const pairs = findOpencodeWitnesses(base, current, [], new Deadline(TEST_MS)).flips;
    const allow = pairs.find((f) => f.after === 'allow');
    assert.ok(allow && /^mcp_/.test((allow.witness as OpencodeRequest).action), JSON.stringify(pairs));
    const deny = pairs.find((f) => f.before === 'ask' && f.after === 'deny');
    assert.ok(deny);
    for (const f of pairs) {
      assert.strictEqual(decide(base, f.witness), f.before);
      assert.strictEqual(decide(current, f.witness), f.after);
    }
  });

  it('past the budget a note says the search is incomplete', () => {
    const { base, current } = example();
    const r = findOpencodeWitnesses(base, current, [], new Deadline(-1));
    assert.ok(r.notes.some((n) => /incomplete|only the actions/.test(n)), JSON.stringify(r.notes));
  });

  it('CLI: with the stored requests removed, witnesses alone exceed --max-newly-allowed 0', function () {
    const dir = scratchCopy(EXAMPLE);
    fs.copyFileSync(path.join(dir, 'opencode.json'), path.join(dir, 'base.json'));
    fs.rmSync(path.join(dir, 'opencode.requests.json'));
    fs.writeFileSync(path.join(dir, 'opencode.json'), example().text);
    const r = cli(['diff', path.join(dir, 'opencode.json'), '--base', path.join(dir, 'base.json'), '--max-newly-allowed', '0']);
    assert.strictEqual(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /witness requests found by searching both versions/);
    assert.match(r.stdout, /edit secrets\/\S*: deny → allow/);
  });
});

/** Brute force over a small alphabet (see opencode-property.test.ts for why it sees every behaviour up to the bound). */
const RESOURCES = strings(['a', 'b', '/', 'c'], 4);
const ACTIONS = strings(['x', 'y', 'z'], 2);


const resourcePattern = fc.array(fc.constantFrom('a', 'b', '/', '*', '?'), { maxLength: 4 }).map((xs) => xs.join(''));
const actionPattern = fc.constantFrom('x', 'y', '*', 'x*', '?', 'xy', 'x *');
const rule = fc.tuple(actionPattern, resourcePattern, fc.constantFrom('allow', 'ask', 'deny'));
const ruleList = fc.array(rule, { maxLength: 5 });

describe('analysis: change-impact witnesses agree with brute force over the real evaluator', () => {
  it('every witness is confirmed both ways, and every differing pair within the bound is reported', function () {
    fc.assert(
      fc.property(ruleList, ruleList, fc.integer({ min: 0, max: 4 }), (shared, extra, cut) => {
        // Base and current share a start, so the head/tail pruning of the search is exercised.
        const base = v2([...shared, ...extra.slice(0, cut)]);
        const current = v2([...shared, ...extra.slice(cut), ...extra.slice(0, cut).reverse()]);
        const { flips, notes } = findOpencodeWitnesses(base, current, [], new Deadline(TEST_MS));
        assert.deepStrictEqual(notes, []);
        const classes = new Set(flips.map((f) => `${(f.witness as OpencodeRequest).action}|${f.before}>${f.after}|${f.beforeRule?.index}|${f.afterRule?.index}`));
        assert.strictEqual(classes.size, flips.length, 'one witness per action and resource class');
        const reported = new Set(flips.map((f) => `${f.before}>${f.after}`));
        for (const f of flips) {
          assert.strictEqual(decide(base, f.witness), f.before, `${f.request} before`);
          assert.strictEqual(decide(current, f.witness), f.after, `${f.request} after`);
          assert.strictEqual(f.subject, (f.witness as OpencodeRequest).resources[0]);
        }
        for (const action of ACTIONS) for (const resource of RESOURCES) {
          const req = { action, resources: [resource] };
          const a = decide(base, req);
          const b = decide(current, req);
          if (a !== b) assert.ok(reported.has(`${a}>${b}`), `${action} ${resource}: ${a} → ${b} not reported (${[...reported]})`);
        }
      }),
      { numRuns: propertyRuns(100), seed: 20251201 },
    );
  });
});
