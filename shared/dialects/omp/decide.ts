import type { TraceRow } from '../../model';
import { matches } from '../../patterns/wildcard';
import { criticalHit, type CriticalHit } from './critical';
import { normalizeWhitespace } from './pattern';
import { scanSegments } from './segments';
import { shellControl, type ShellControl } from './shell-control';
import type { OmpApproval, OmpRule, OmpTier } from './rules';

/** Trace columns of the command section, in the order of `TraceRow.matches`. */
export const SELECTION_COLUMNS = ['whole command', 'a segment', 'no shell control'];

/** The outcome of walking `bash.patterns` in order. */
export interface Selection {
  selected: OmpRule | null;
  /** One row per rule tried, up to and including the selected one. */
  rows: TraceRow[];
  normalized: string;
  segments: string[];
  control: ShellControl | null;
}

/** What the bash tool itself reports before the mode and user settings are applied. */
export interface ToolDecision {
  /** An explicit policy, or null when the tool only states a tier. */
  policy: OmpApproval | null;
  tier: OmpTier;
  /** Set by the critical heuristics: asks for a prompt unless something explicit says otherwise. */
  override: boolean;
  reason: string | null;
  critical: CriticalHit | null;
  /** Which step of the bash decision was reached, for the trace. */
  step: 'deny-rule' | 'critical' | 'allow-rule' | 'prompt-rule' | 'no-rule';
}

function tried(rule: OmpRule, normalized: string, segments: string[], control: ShellControl | null): { row: TraceRow; applies: boolean } {
  const row: TraceRow = { rule: rule.index, label: rule.label, matches: [null, null, null], ...(rule.number !== undefined ? { number: rule.number } : {}) };
  const whole = matches(rule.matcher, normalized);
  row.matches[0] = whole;
  if (rule.native === 'allow') {
    row.matches[2] = control === null;
    if (!whole) row.note = 'allow: the pattern does not match the whole command';
    else if (control) row.note = `allow skipped: the command has active shell control ${control.description}`;
    else row.note = 'allow applies: whole command matched, no shell control';
    return { row, applies: whole && control === null };
  }
  if (whole) {
    row.note = `${rule.native}: matched the whole command`;
    return { row, applies: true };
  }
  const seg = segments.find((s) => matches(rule.matcher, s));
  row.matches[1] = seg !== undefined;
  row.note = seg !== undefined ? `${rule.native}: matched segment \`${seg}\`` : `${rule.native}: matches neither the whole command nor any of its ${segments.length} segment${segments.length === 1 ? '' : 's'}`;
  return { row, applies: seg !== undefined };
}

/**
 * Finds the first rule that applies to a raw command: allow rules need the whole command and no
 * shell control; deny and prompt rules also match any segment.
 * @example selectRule(rs.rules, 'printf a && printf closed').selected?.match // 'printf closed'
 */
export function selectRule(rules: readonly OmpRule[], command: string): Selection {
  const normalized = normalizeWhitespace(command);
  // Identical segments match identically; checking each once keeps long commands cheap.
  const segments = [...new Set(scanSegments(command).map((s) => s.text))];
  const control = shellControl(command);
  const rows: TraceRow[] = [];
  for (const rule of rules) {
    const { row, applies } = tried(rule, normalized, segments, control);
    rows.push(row);
    if (applies) return { selected: rule, rows, normalized, segments, control };
  }
  return { selected: null, rows, normalized, segments, control };
}

/**
 * The bash tool's own decision, in the agent's order: a selected deny; else the critical
 * heuristics (override only, no policy); else a selected allow (tier write); else a selected
 * prompt; else plain exec.
 * @example bashDecision(null, 'chmod -R 700 /x') // { policy: null, override: true, tier: 'exec', … }
 */
export function bashDecision(selected: OmpRule | null, command: string): ToolDecision {
  if (selected?.native === 'deny') {
    return { policy: 'deny', tier: 'exec', override: false, reason: `Blocked by bash pattern: ${selected.match}`, critical: null, step: 'deny-rule' };
  }
  const critical = criticalHit(command);
  if (critical) return { policy: null, tier: 'exec', override: true, reason: 'Critical pattern detected', critical, step: 'critical' };
  if (selected?.native === 'allow') return { policy: 'allow', tier: 'write', override: false, reason: null, critical: null, step: 'allow-rule' };
  if (selected?.native === 'prompt') {
    return { policy: 'prompt', tier: 'exec', override: false, reason: `Prompt required by bash pattern: ${selected.match}`, critical: null, step: 'prompt-rule' };
  }
  return { policy: null, tier: 'exec', override: false, reason: null, critical: null, step: 'no-rule' };
}
