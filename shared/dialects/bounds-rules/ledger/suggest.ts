import type { LedgerLine } from './types';

/** How many of the largest identical-call groups a suggestion lists. */
export const TOP_GROUPS = 5;

export interface RepeatGroup {
  task: string;
  subject: string;
  args_hash: string;
  count: number;
  steps: number[];
}

export interface Suggestion {
  rule: { id: string; deny: { all: true }; max_repeats?: number; max_steps?: number };
  reason: string;
}

export interface SuggestResult {
  entries: number;
  tasks: number;
  /** Largest identical-call groups first. */
  repeats: RepeatGroup[];
  longestTask: { task: string; steps: number } | null;
  suggestions: Suggestion[];
}

/**
 * Counts identical calls (same subject + args_hash) per task and the steps per task, and proposes
 * the tightest ceilings that would have refused none of the recorded steps: `max_repeats` = the
 * largest identical-call count (the next identical call is refused), `max_steps` = the longest task.
 * Steps without args_hash cannot be told apart and are not counted as repeats.
 * @example suggestCeilings(ledger.entries).suggestions[0].rule // { id: 'identical-call-ceiling', deny: { all: true }, max_repeats: 3 }
 */
export function suggestCeilings(entries: readonly LedgerLine[]): SuggestResult {
  const groups = new Map<string, RepeatGroup>();
  const perTask = new Map<string, number>();
  for (const { entry: e } of entries) {
    perTask.set(e.task, (perTask.get(e.task) ?? 0) + 1);
    if (e.args_hash === undefined) continue;
    const key = JSON.stringify([e.task, e.subject, e.args_hash]);
    const g = groups.get(key) ?? { task: e.task, subject: e.subject, args_hash: e.args_hash, count: 0, steps: [] };
    g.count++;
    g.steps.push(e.step);
    groups.set(key, g);
  }
  const repeats = [...groups.values()].sort((a, b) => b.count - a.count || a.steps[0] - b.steps[0]);
  let longestTask: SuggestResult['longestTask'] = null;
  for (const [task, steps] of perTask) if (!longestTask || steps > longestTask.steps) longestTask = { task, steps };
  const suggestions: Suggestion[] = [];
  if (repeats.length) {
    const top = repeats[0];
    suggestions.push({
      rule: { id: 'identical-call-ceiling', deny: { all: true }, max_repeats: top.count },
      reason: top.count === 1
        ? 'no task repeated a call with the same subject and args_hash: max_repeats 1 refuses any second identical call'
        : `the most identical calls in one task is ${top.count} (task ${top.task}: ${top.subject}, args_hash ${top.args_hash}, steps ${top.steps.map((s) => `#${s}`).join(', ')}); max_repeats ${top.count} lets all of them through and refuses call ${top.count + 1}`,
    });
  }
  if (longestTask) {
    suggestions.push({
      rule: { id: 'task-step-ceiling', deny: { all: true }, max_steps: longestTask.steps },
      reason: `the longest task (${longestTask.task}) has ${longestTask.steps} step${longestTask.steps === 1 ? '' : 's'}; max_steps ${longestTask.steps} lets every recorded task finish and refuses step ${longestTask.steps + 1} of any task`,
    });
  }
  return { entries: entries.length, tasks: perTask.size, repeats: repeats.slice(0, TOP_GROUPS), longestTask, suggestions };
}
