import * as assert from 'assert';
import { AutomataCache, ANY_UNIT } from '../../../shared/analysis/automata';
import { BudgetExceeded } from '../../../shared/analysis/budget';
import { WALK_PAUSE_WORK, WALK_SETUP_CHUNK, walkSteps } from '../../../shared/analysis/lazy-dfa';
import { opencodePattern } from '../../../shared/dialects/opencode/pattern';

/** Automata of a 5,000-rule file's resource patterns, all behind one long prefix (the bench's shape). */
const RULES = 5000;
const PREFIX = 'workspace/services/platform/backend/internal/modules/payments/adapters/providers/';
const patterns = Array.from({ length: RULES }, (_, i) => `${PREFIX}${i % 4 === 0 ? '*' : `p${i}/`}${i % 2 ? '*' : 'src/*.ts'}`);

describe('analysis: a walk over thousands of automata pauses by the work it did, not by its states', () => {
  const cache = new AutomataCache(ANY_UNIT);
  const nfas = patterns.map((p) => cache.nfa({ kind: 'one', w: opencodePattern(p) }));

  it('visits at most WALK_PAUSE_WORK / k states between pauses, and sets up WALK_SETUP_CHUNK automata at a time', () => {
    const k = nfas.length;
    let visits = 0;
    let total = 0;
    let most = 0;
    let pauses = 0;
    let firstVisitAfter = -1;
    // Every state whose continuations some rule may still match is expanded: a long exact walk.
    const steps = walkSteps(nfas, cache.facts, (s) => {
      if (firstVisitAfter < 0) firstVisitAfter = pauses;
      visits++;
      total++;
      return s.present.includes(true) && !s.settled.includes(true) ? 'expand' : 'skip';
    }, undefined, 2000);
    try {
      for (let r = steps.next(); !r.done; r = steps.next()) {
        most = Math.max(most, visits);
        visits = 0;
        pauses++;
      }
    } catch (e) {
      // The state limit (2,000) ends the walk: what was walked up to it is what is measured.
      if (!(e instanceof BudgetExceeded)) throw e;
    }
    most = Math.max(most, visits);
    // Enough states that a count of states alone (a pause per 256 new ones) would have held the thread between them.
    assert.ok(total > 4 * (Math.ceil(WALK_PAUSE_WORK / k) + 1), `${total} states visited in all`);
    assert.ok(most <= Math.ceil(WALK_PAUSE_WORK / k) + 1, `${most} states visited between two pauses (k = ${k})`);
    // Registering 5,000 automata is no single step either.
    assert.ok(firstVisitAfter >= Math.floor(RULES / WALK_SETUP_CHUNK) - 1, `${firstVisitAfter} pauses before the first visit`);
  });
});
