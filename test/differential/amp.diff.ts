import { strict as assert } from 'assert';
import { writeFileSync } from 'node:fs';
import { evaluateAmp, parseAmp, type AmpRequest } from '../../shared/dialects/amp';
import { diffRuns, diffSeed } from './oracle-cache';
import { ampCase, type AmpCase } from './amp/generate';
import { openAmpAnswers } from './amp/answer-store';
import { AMP_CLI_VERSION, ampBinary, askAmp, type AmpAnswer } from './amp/oracle';

/**
 * RuleLens against `amp permissions test` (the CLI walks a settings file's list, then the
 * built-ins, and prints the action, the list and the entry's index). Each `--runs` unit is
 * CASES_PER_RUN generated cases; answers come from the stores first, and at most LIVE_CALLS
 * uncached cases per run ask the CLI (about 5 s each), so a short CI run stays short: cases past
 * that budget are counted as not asked and reported, never passed silently.
 */
const CASES_PER_RUN = 15;
/** Uncached cases asked live per run (`AMP_LIVE_CALLS`, default: all of them). */
const LIVE_CALLS = Number(process.env.AMP_LIVE_CALLS ?? Infinity);
/** Cases asked at once (the machine has few cores; each call is mostly start-up). */
const PARALLEL = 2;
/** One case always asked live, so a run proves the oracle still answers. */
const CANARY: AmpCase = { permissions: [{ tool: 'Bash', matches: { cmd: 'git *' }, action: 'reject' }], tool: 'Bash', args: { cmd: 'git status' }, context: 'thread' };

function rulelensAnswer(c: AmpCase): AmpAnswer {
  const rs = parseAmp({ path: '/h/.config/amp/settings.json', text: JSON.stringify({ 'amp.permissions': c.permissions }) });
  // The CLI's test has no plugin-activation or guarded-file step (A_e); the list walk is what it shows.
  rs.pluginActive = true;
  // Without `-c` the CLI's test walks with no context at all (`H.context` undefined), so an entry
  // naming one never matches there; the runtime passes "thread" (test/unit/amp/cli-answers.test.ts A18).
  const context = (c.context === 'subagent' ? 'subagent' : undefined) as AmpRequest['context'];
  const v = evaluateAmp(rs, { tool: c.tool, args: c.args, context, interactive: true, modifiedFiles: [] });
  if (!v.rule) return { action: null, source: null, matchIndex: null };
  return { action: v.native as AmpAnswer['action'], source: v.details.source as AmpAnswer['source'], matchIndex: v.details.matchIndex as number };
}

describe('differential: Amp (amp permissions test)', function () {
  this.timeout(0);
  it(`agrees on generated cases (${AMP_CLI_VERSION})`, async () => {
    const seed = diffSeed() ?? 1;
    const total = diffRuns() * CASES_PER_RUN;
    const cases = Array.from({ length: total }, (_, i) => ampCase(seed, i));
    const store = openAmpAnswers(AMP_CLI_VERSION);
    const bin = ampBinary();
    const canary = await askAmp(bin, CANARY);
    assert.deepEqual(canary, { action: 'reject', source: 'user', matchIndex: 0 }, 'the oracle answers');
    let live = 0;
    let cached = 0;
    let notAsked = 0;
    const disagreements: Array<{ c: AmpCase; amp: AmpAnswer; rulelens: AmpAnswer }> = [];
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const c = cases[next++];
        let a = store.get(c);
        if (a) cached++;
        else if (live < LIVE_CALLS) {
          live++;
          a = await askAmp(bin, c);
          store.put(c, a);
        } else {
          notAsked++;
          continue;
        }
        const mine = rulelensAnswer(c);
        if (JSON.stringify(mine) !== JSON.stringify(a)) disagreements.push({ c, amp: a, rulelens: mine });
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    console.log(`    ${cases.length} cases: ${cached} from the answer stores, ${live} asked live, ${notAsked} not asked (AMP_LIVE_CALLS), ${disagreements.length} disagreements`);
    if (process.env.AMP_DIFF_REPORT) writeFileSync(process.env.AMP_DIFF_REPORT, JSON.stringify({ cases: cases.length, cached, live, notAsked, disagreements }, null, 1));
    assert.deepEqual(disagreements.slice(0, 5), [], `${disagreements.length} disagreements`);
  });
});
