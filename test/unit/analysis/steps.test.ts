import * as assert from 'assert';
import fc from 'fast-check';
import { Deadline, type WorkClock } from '../../../shared/analysis/budget';
import { finish, SliceClock, type Steps } from '../../../shared/analysis/steps';
import { findOpencodeWitnesses, opencodeWitnessSteps } from '../../../shared/dialects/opencode/analysis/witnesses';
import { analyzeOpencode, opencodeAnalysisSteps } from '../../../shared/dialects/opencode/analysis/lints';
import { claudeLintSteps, lintClaude } from '../../../shared/dialects/claude/lint';
import { parseClaude } from '../../../shared/dialects/claude';
import { TEST_MS, v2 } from './helpers';
import { propertyRuns } from '../../helpers/runs';

/**
 * The long searches run as steps in the editor, a slice at a time, interleaved with each other.
 * Pausing must change nothing: the same flips and findings as one call, whatever runs in between.
 */

type Rule = [string, string, string];
const rule = fc.tuple(fc.constantFrom('edit', 'read', 'bash', '*', 'e*'), fc.constantFrom('*', 'src/*', 'src/a', '*.env', 'a*b*c', 'docs/*/x', '*x*'), fc.constantFrom('allow', 'ask', 'deny'));
const version = fc.array(rule, { minLength: 1, maxLength: 12 });

/** Runs several step sequences a step each in turn; their results, and how often each paused. */
function interleaved(all: Array<Steps<unknown>>): { results: unknown[]; pauses: number[] } {
  const results: unknown[] = new Array(all.length);
  const pauses = all.map(() => 0);
  const live = new Set(all.keys());
  while (live.size) {
    for (const i of [...live]) {
      const r = all[i].next();
      if (r.done) {
        results[i] = r.value;
        live.delete(i);
      } else pauses[i]++;
    }
  }
  return { results, pauses };
}

/** A clock whose readings the test sets. */
function manualClock(): WorkClock & { cpu: number; wall: number } {
  const c = { cpu: 0, wall: 0, cpuMs: () => c.cpu, wallMs: () => c.wall };
  return c;
}

describe('long searches as steps', () => {
  it('the witness search and the lints, interleaved a step at a time, find what each finds alone', () => {
    fc.assert(
      fc.property(version, version, (a: Rule[], b: Rule[]) => {
        const base = v2(a);
        const current = v2(b);
        const flips = findOpencodeWitnesses(base, current, [], new Deadline(TEST_MS));
        const lintsA = analyzeOpencode(base, {}, new Deadline(TEST_MS));
        const lintsB = analyzeOpencode(current, {}, new Deadline(TEST_MS));
        const { results } = interleaved([opencodeWitnessSteps(base, current, [], new Deadline(TEST_MS)), opencodeAnalysisSteps(current, {}, new Deadline(TEST_MS)), opencodeAnalysisSteps(base, {}, new Deadline(TEST_MS))]);
        assert.deepStrictEqual(results[0], flips);
        assert.deepStrictEqual(results[1], lintsB);
        assert.deepStrictEqual(results[2], lintsA);
      }),
      { numRuns: propertyRuns(60), seed: 35 },
    );
  });

  it('a search over hundreds of rules pauses all along, not once at its end', () => {
    const rules: Rule[] = Array.from({ length: 600 }, (_, i) => [i % 2 ? 'edit' : 'bash', `*a${i % 17}*b*${i}*`, ['allow', 'ask', 'deny'][i % 3]]);
    const base = v2(rules);
    const current = v2(rules.map((r, i) => (i === 300 ? [r[0], `${r[1]}x`, r[2]] : r)));
    // A budget on a clock that never runs out: the heap limit reads the whole process, so two searches alive at once would share it.
    const unbounded = () => new Deadline(TEST_MS, () => 0);
    const { results, pauses } = interleaved([opencodeWitnessSteps(base, current, [], unbounded()), opencodeAnalysisSteps(current, {}, unbounded())]);
    assert.ok(pauses[0] > 100, `the witness search paused ${pauses[0]} times`);
    assert.ok(pauses[1] > 1000, `the analysis paused ${pauses[1]} times`);
    assert.deepStrictEqual(results[0], findOpencodeWitnesses(base, current, [], unbounded()));
  });

  it('Claude Code lints as steps pause per rule and find what one call finds', () => {
    const text = JSON.stringify({ permissions: { allow: ['Bash(git status)', 'Bash(npm run *)', 'Read(./src/**)', 'Bash(git *)'], deny: ['Read(./.env)', 'Bash(rm -rf *)', 'Bash(git push *)'], ask: ['Bash(npm run test)'] } });
    const rs = parseClaude({ path: '/p/.claude/settings.json', text }, { home: '/home/u' });
    const { results, pauses } = interleaved([claudeLintSteps(rs, { deadline: new Deadline(TEST_MS) })]);
    assert.ok(pauses[0] >= 8, `paused ${pauses[0]} times`);
    assert.deepStrictEqual(results[0], lintClaude(rs, { deadline: new Deadline(TEST_MS) }));
  });

  it('a budget on a slice clock counts the slices only, not the time between them', () => {
    const base = manualClock();
    const clock = new SliceClock(base);
    const deadline = new Deadline(100, undefined, clock);
    clock.start();
    base.cpu += 60;
    base.wall += 60;
    clock.stop();
    // Other work runs between the slices: a second of it.
    base.cpu += 1000;
    base.wall += 1000;
    assert.strictEqual(deadline.expired, false);
    clock.start();
    base.cpu += 50;
    base.wall += 50;
    assert.strictEqual(deadline.expired, true, 'the second slice takes it past 100 ms of its own');
    clock.stop();
    assert.strictEqual(clock.cpuMs(), 110);
  });

  it('the broad-catch-all search stops at the file\'s budget instead of comparing a catch-all with every rule', () => {
    // A catch-all after a thousand rules it takes requests from (last match wins): the search compares it with each.
    const rules: Rule[] = [...Array.from({ length: 1000 }, (_, i): Rule => ['edit', `src/d${i}/*`, i % 2 ? 'deny' : 'ask']), ['*', '*', 'allow']];
    let reads = 0;
    const spent = new Deadline(1, () => reads++);
    spent.check();
    reads += 10;
    assert.ok(spent.expired);
    const findings = analyzeOpencode(v2(rules), {}, spent);
    assert.ok(!findings.some((f) => f.code === 'broad-catch-all'), 'no catch-all is claimed past the budget');
    assert.ok(findings.some((f) => f.code === 'analysis-budget'));
  });

  it('finish runs steps to their end', () => {
    function* count(n: number): Steps<number> {
      let k = 0;
      for (let i = 0; i < n; i++) {
        yield;
        k++;
      }
      return k;
    }
    assert.strictEqual(finish(count(5)), 5);
  });
});
