import { runsAnythingCandidates, strongestWitness, type RunsAnythingCandidate } from '../../patterns/runs-anything';
import { selectRule } from './decide';
import type { OmpRule } from './rules';

/**
 * A command that runs arbitrary code and that this allow rule really approves, or undefined. An
 * omp allow never applies to a command with shell control, so only plain witnesses can prove it;
 * the proof is the agent's own selection run on the rule alone.
 * @example runsAnythingWitness(rule('bash *'))?.command // 'bash -c id'
 * @example runsAnythingWitness(rule('git * main'))?.command // 'git -c core.fsmonitor=./payload.sh status main'
 */
export function runsAnythingWitness(rule: OmpRule): RunsAnythingCandidate | undefined {
  if (rule.native !== 'allow' || !rule.match.includes('*')) return undefined;
  return strongestWitness(runsAnythingCandidates(rule.match).filter((c) => selectRule([rule], c.command).selected === rule));
}
