import { ruleNumber, type RuleSource } from '../model';
import type { Flip } from './flips';

/**
 * A rule as flips name it, or `no rule` when a default decided.
 * @example ruleName({ index: 2, id: null, label: 'edit secrets/* deny' }) // 'rule 3: edit secrets/* deny'
 */
export function ruleName(r: Flip['beforeRule']): string {
  if (!r) return 'no rule';
  // A rule of another file of the policy: where it is written, as `guard.rules:1`.
  return `${ruleHead(r)}: ${r.label}`;
}

/**
 * `rule 2`, and where it is written when that is another file of the policy.
 * @example ruleHead({ index: 1, id: null, label: 'rm → forbidden', source: { file: '/p/.codex/rules/guard.rules', line: 1, layer: 'rules folder' } }) // 'rule 2 (rules folder, guard.rules:1)'
 */
export function ruleHead(r: NonNullable<Flip['beforeRule']>): string {
  return `rule ${ruleNumber(r)}${r.source?.file ? ` (${placeOf(r.source)})` : ''}`;
}

/** `local settings, settings.local.json:3`; a layer already named for its file keeps one name (`workspace tier, guard.toml:1`). */
function placeOf(s: RuleSource): string {
  const file = s.file!.slice(Math.max(s.file!.lastIndexOf('/'), s.file!.lastIndexOf('\\')) + 1);
  const at = s.line !== null ? `${file}:${s.line}` : file;
  return s.layer.endsWith(file) ? `${s.layer.slice(0, -file.length)}${at}` : `${s.layer}, ${at}`;
}

/**
 * One flip as a line of text; a stored request's subject lines are indented under it.
 * @example flipLine(flip) // 'B: a protected path: deny → allow (rule 3: edit secrets/* deny → rule 4: edit * allow)'
 */
export function flipLine(f: Flip): string {
  // A witness's request text already names its subject (`edit secrets/a`).
  const what = f.subject !== null && f.kind === 'stored' ? `    ${f.subject}` : f.request;
  const also = f.coveredBy !== undefined ? ` — also shown by stored request "${f.coveredBy}"` : '';
  return `${what}: ${f.before} → ${f.after} (${ruleName(f.beforeRule)} → ${ruleName(f.afterRule)})${also}`;
}

/**
 * The headline of a comparison. Only the newly allowed are named: that is the direction a reviewer
 * has to look at first.
 * @example flipSummary({ loosened: 1, tightened: 1 }) // '2 decisions flipped (1 newly allowed)'
 */
export function flipSummary(counts: { loosened: number; tightened: number }): string {
  const n = counts.loosened + counts.tightened;
  if (n === 0) return 'no decision flipped';
  const head = `${n} decision${n === 1 ? '' : 's'} flipped`;
  return counts.loosened ? `${head} (${counts.loosened} newly allowed)` : head;
}
