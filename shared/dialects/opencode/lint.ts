import { finding, type Finding } from '../../model';
import { GLOB_SYNTAX, literalGlobWitness as globWitness } from '../../patterns/literal-glob';
import { allowsWhat, runsAnythingCandidates, runsAnythingSeverity, strongestWitness, type RunsAnythingCandidate } from '../../patterns/runs-anything';
import { isExact, isUniversal, matches, type Wildcard } from '../../patterns/wildcard';
import { normalizeInput } from './pattern';
import type { OpencodeRule, OpencodeRuleSet } from './rules';

import { COMMAND_ACTIONS } from './builtins';
/** V1 actions whose resources are worktree-relative paths. */
const PATH_ACTIONS = ['read', 'edit'];

/**
 * A string a minimatch user would expect the rule's resource pattern to match, which OpenCode's
 * matcher does not — or undefined when none of the obvious candidates differ.
 * @example literalGlobWitness(rule) // '.env' for a read rule on a globstar `.env*`
 */
export function literalGlobWitness(rule: OpencodeRule): string | undefined {
  return globWitness(rule.resource, (s) => matches(rule.resourceMatcher, normalizeInput(s)));
}

/**
 * A bash command that runs arbitrary code and that this allow rule matches (its action pattern
 * admits `bash`, its resource pattern the command, both by OpenCode's own matcher), or undefined.
 * Exact patterns allow one command and are left to the reader.
 * @example runsAnythingWitness(rule)?.command // 'python ./payload.py' for `"bash": {"python *": "allow"}`
 */
export function runsAnythingWitness(rule: OpencodeRule): RunsAnythingCandidate | undefined {
  // A universal pattern is broad-catch-all's finding: one root cause, one finding.
  if (rule.decision !== 'allow' || isExact(rule.resourcePattern) || isUniversal(rule.resourcePattern) || !COMMAND_ACTIONS.some((a) => matches(rule.actionMatcher, a))) return undefined;
  return strongestWitness(runsAnythingCandidates(normalizeInput(rule.resource)).filter((c) => matches(rule.resourceMatcher, c.command)));
}

/** What the one-rule lints say of a rule, without its range and index: the same for every rule of the same text. */
interface RuleNote {
  code: string;
  severity: Finding['severity'];
  message: string;
  witness?: string;
  unnecessary?: true;
  data: Record<string, unknown>;
}

/** A rule's notes and its duplicate keys (action and resource, and their lower case), per decision and form. */
interface RuleNotes {
  notes: RuleNote[];
  key: string;
  lowerKey: string;
}

/**
 * Notes kept per (resource pattern, action pattern) object, then per decision and form. Patterns
 * are shared between parses of a file, so an edit re-reads only the rules it changed. A pattern
 * object stands for its source text and its expanded text, and an action pattern for its action.
 */
const notesByPatterns = new WeakMap<Wildcard, WeakMap<Wildcard, Array<RuleNotes | undefined>>>();

/** Slot of a decision and form among a pattern pair's notes. */
function kindOf(r: OpencodeRule): number {
  return (r.decision === 'allow' ? 0 : r.decision === 'ask' ? 2 : 4) + (r.form === 'v1' ? 0 : 1);
}

function notesOf(r: OpencodeRule): RuleNotes {
  let byAction = notesByPatterns.get(r.resourcePattern);
  if (!byAction) notesByPatterns.set(r.resourcePattern, (byAction = new WeakMap()));
  let byKind = byAction.get(r.actionPattern);
  if (!byKind) byAction.set(r.actionPattern, (byKind = []));
  const kind = kindOf(r);
  let hit = byKind[kind];
  if (!hit) {
    const key = `\u0000${r.action}\u0000${r.resource}`;
    byKind[kind] = hit = { notes: ruleNotes(r), key, lowerKey: key.toLowerCase() };
  }
  return hit;
}

/** The one-rule lints: they read the rule's action, resource, decision, form and patterns only. */
function ruleNotes(r: OpencodeRule): RuleNote[] {
  const out: RuleNote[] = [];
  const isCommand = COMMAND_ACTIONS.includes(r.action);
  if (isCommand && r.decision !== 'allow' && isExact(r.resourcePattern) && r.resource.trim() !== '') {
    out.push({
      code: 'exact-command-pattern',
      severity: 'warning',
      message: `"${r.resource}" has no wildcard: it ${r.decision === 'deny' ? 'denies' : 'asks for'} only the exact command "${r.resource}", not "${r.resource} …"; write "${r.resource} *" to cover it with arguments`,
      witness: `${r.resource} --version`,
      data: { replacement: `${r.resource} *` },
    });
  }
  const run = runsAnythingWitness(r);
  if (run) {
    out.push({
      code: 'allow-runs-anything',
      severity: runsAnythingSeverity(run),
      message: `"${r.resource}" allows ${COMMAND_ACTIONS.includes(r.action) ? `${r.action} commands` : `"${r.action}" actions (bash included)`} that ${allowsWhat(run).verb}: it admits ${run.what}, e.g. "${run.command}"`,
      witness: run.command,
      data: { kind: run.kind },
    });
  }
  if (GLOB_SYNTAX.test(r.resource)) {
    const w = literalGlobWitness(r);
    out.push({
      code: 'literal-glob-syntax',
      severity: 'warning',
      message: `"${r.resource}" uses glob syntax OpenCode reads literally (only * and ? are wildcards; * already crosses /)${w !== undefined ? `: it does not match "${w}"` : ''}`,
      witness: w,
      data: {},
    });
  }
  if (r.form === 'v1' && PATH_ACTIONS.includes(r.action) && /^(\/|~|\$HOME|[A-Za-z]:[\\/])/.test(r.resource)) {
    out.push({
      code: 'never-matches',
      severity: 'warning',
      message: `"${r.resource}" is an absolute or home path, but ${r.action} resources are relative to the worktree: this rule never matches`,
      unnecessary: true,
      data: {},
    });
  }
  return out;
}

function noteFinding(n: RuleNote, r: OpencodeRule): Finding {
  const data = { rule: r.index, ...n.data };
  if (n.unnecessary) return finding(n.code, n.severity, n.message, r.resourceRange, { unnecessary: true, data });
  return finding(n.code, n.severity, n.message, r.resourceRange, { witness: n.witness, data });
}

/**
 * Lints that read one rule at a time (the automata-based ones live in analysis/).
 * @example lintOpencode(parseOpencode(file)).map((f) => f.code) // ['exact-command-pattern']
 */
export function lintOpencode(rs: OpencodeRuleSet): Finding[] {
  const out: Finding[] = [];
  const seen = new Map<string, OpencodeRule>();
  const seenLower = new Map<string, OpencodeRule>();
  for (const r of rs.rules) {
    // Built-in layers are the agent's, not the user's: lints speak only of rules in the file.
    if (r.layer !== undefined) continue;
    const own = notesOf(r);
    for (const n of own.notes) out.push(noteFinding(n, r));
    const key = r.agent === null ? own.key : r.agent + own.key;
    const lowerKey = r.agent === null ? own.lowerKey : r.agent.toLowerCase() + own.lowerKey;
    const prev = seen.get(key);
    if (prev) {
      out.push(finding('duplicate-rule', 'information', `the same action and pattern as rule ${prev.index + 1} (${prev.label}); under last match the earlier one never decides`, r.range, {
        related: [{ range: prev.range, message: `rule ${prev.index + 1}: ${prev.label}` }],
        data: { rule: r.index, other: prev.index },
      }));
    } else {
      const lower = seenLower.get(lowerKey);
      if (lower) {
        out.push(finding('case-duplicate', 'information', `differs from rule ${lower.index + 1} (${lower.label}) only by case: OpenCode on Windows matches case-insensitively, so there the two collide`, r.range, {
          related: [{ range: lower.range, message: `rule ${lower.index + 1}: ${lower.label}` }],
          data: { rule: r.index, other: lower.index },
        }));
      }
    }
    seen.set(key, r);
    if (!seenLower.has(lowerKey)) seenLower.set(lowerKey, r);
  }
  return out;
}
