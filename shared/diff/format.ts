import { ruleNumber } from '../model';
import type { Flip } from './flips';

/**
 * A rule as flips name it, or `no rule` when a default decided.
 * @example ruleName({ index: 2, id: null, label: 'edit secrets/* deny' }) // 'rule 3: edit secrets/* deny'
 */
export function ruleName(r: Flip['beforeRule']): string {
  if (!r) return 'no rule';
  // A rule of another file of the policy: where it is written, as `guard.rules:1`.
  const where = r.source?.file ? ` (${r.source.layer}, ${basename(r.source.file)}${r.source.line !== null ? `:${r.source.line}` : ''})` : '';
  return `rule ${ruleNumber(r)}${where}: ${r.label}`;
}

function basename(p: string): string {
  return p.slice(Math.max(p.lastIndexOf('/'), p.lastIndexOf('\\')) + 1);
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
