import { finding, type Finding } from '../../model';
import { GLOB_SYNTAX, literalGlobWitness as globWitness } from '../../patterns/literal-glob';
import { matchesPattern, type Wildcard } from '../../patterns/wildcard';
import { normalizeInput } from './pattern';
import type { OpencodeRule, OpencodeRuleSet } from './rules';
import { commandLintSteps } from './command-lints';
import { finish, type Steps } from '../../analysis/steps';
/** V1 actions whose resources are worktree-relative paths. */
const PATH_ACTIONS = ['read', 'edit'];

/**
 * A string a minimatch user would expect the rule's resource pattern to match, which OpenCode's
 * matcher does not — or undefined when none of the obvious candidates differ.
 * @example literalGlobWitness(rule) // '.env' for a read rule on a globstar `.env*`
 */
export function literalGlobWitness(rule: OpencodeRule): string | undefined {
  return globWitness(rule.resource, (s) => matchesPattern(rule.resourcePattern, normalizeInput(s)));
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

/**
 * Notes kept per (resource pattern, action pattern) object, then per decision and form, in the
 * resource pattern's `notes` slot. Patterns are shared between parses of a file, so an edit
 * re-reads only the rules it changed. A pattern object stands for its source text and its
 * expanded text, and an action pattern for its action.
 */
const notesOfPattern = (w: Wildcard) => w.notes as PairNotes | PairNotes[] | undefined;
/** Action patterns kept per resource pattern (a resource such as `*` goes with many actions). */
const MAX_ACTIONS_PER_PATTERN = 64;

/**
 * One pattern pair's notes, per decision and form (see `kindOf`): the first kind asked for inline
 * (most pairs are read with one), the others in a list made when a second is asked for. Kept for
 * every rule of a file, so kept small.
 */
class PairNotes {
  others: Array<RuleNote[] | undefined> | undefined = undefined;
  /** Action and resource in lower case, made when a file's repeats are first looked for but for case. */
  lowerKey: string | undefined = undefined;
  constructor(readonly a: Wildcard, readonly kind: number, readonly notes: RuleNote[]) {}
  /** Kept on a pattern object, which rules serialize: nothing of this is written (it points back at the pattern). */
  toJSON(): undefined {
    return undefined;
  }
}

/** Decisions × forms. */
const KINDS = 6;

/** Slot of a decision and form among a pattern pair's notes. */
function kindOf(r: OpencodeRule): number {
  return (r.decision === 'allow' ? 0 : r.decision === 'ask' ? 2 : 4) + (r.form === 'v1' ? 0 : 1);
}

/** The pattern pair's slot: most resource patterns go with one action, kept without a list. */
function pairOf(r: OpencodeRule): PairNotes {
  const kept = notesOfPattern(r.resourcePattern);
  if (kept !== undefined && !Array.isArray(kept) && kept.a === r.actionPattern) return kept;
  // A pattern seen for the first time (every rule of a file just opened) gets its pair alone.
  if (kept === undefined) return (r.resourcePattern.notes = new PairNotes(r.actionPattern, kindOf(r), ruleNotes(r)));
  const list = Array.isArray(kept) ? kept : [kept];
  for (const x of list) if (x.a === r.actionPattern) return x;
  const pair = new PairNotes(r.actionPattern, kindOf(r), ruleNotes(r));
  if (list.length >= MAX_ACTIONS_PER_PATTERN) list.shift();
  list.push(pair);
  r.resourcePattern.notes = list.length === 1 ? pair : list;
  return pair;
}

function notesIn(pair: PairNotes, r: OpencodeRule): RuleNote[] {
  const kind = kindOf(r);
  if (kind === pair.kind) return pair.notes;
  const others = (pair.others ??= new Array<RuleNote[] | undefined>(KINDS));
  return (others[kind] ??= ruleNotes(r));
}

/** Shared, never written (a frozen array would give the lists two shapes, and their readers two paths). */
const NO_NOTES: RuleNote[] = [];

/** The one-rule lints: they read the rule's action, resource, decision, form and patterns only. */
function ruleNotes(r: OpencodeRule): RuleNote[] {
  // Most rules have none: the list is made for the first note.
  let out: RuleNote[] | undefined;
  if (GLOB_SYNTAX.test(r.resource)) {
    const w = literalGlobWitness(r);
    (out ??= []).push({
      code: 'literal-glob-syntax',
      severity: 'warning',
      message: `"${r.resource}" uses glob syntax OpenCode reads literally (only * and ? are wildcards; * already crosses /)${w !== undefined ? `: it does not match "${w}"` : ''}`,
      witness: w,
      data: {},
    });
  }
  if (r.form === 'v1' && PATH_ACTIONS.includes(r.action) && /^(?:\/|~|\$HOME|[A-Za-z]:[\\/])/.test(r.resource)) {
    (out ??= []).push({
      code: 'never-matches',
      severity: 'warning',
      message: `"${r.resource}" is an absolute or home path, but ${r.action} resources are relative to the worktree: this rule never matches`,
      unnecessary: true,
      data: {},
    });
  }
  // Rules with none share one empty list.
  return out ?? NO_NOTES;
}

function noteFinding(n: RuleNote, r: OpencodeRule): Finding {
  const data = { rule: r.index, ...n.data };
  if (n.unnecessary) return finding(n.code, n.severity, n.message, r.resourceRange, { unnecessary: true, data });
  return finding(n.code, n.severity, n.message, r.resourceRange, { witness: n.witness, data });
}

/** A rule that repeats an earlier one's action and pattern (`other`), exactly or but for case. */
interface Repeat {
  code: 'duplicate-rule' | 'case-duplicate';
  other: number;
}

/**
 * The last file's repeats, per rule of the file in order (rule sets of one path), with what they
 * were found for: each rule's pattern pair (the same pair object stands for the same action and
 * resource text: see `pairOf`), agent and number.
 */
interface RepeatMemo {
  pairs: PairNotes[];
  agents: Array<string | null>;
  rules: number[];
  repeats: Array<Repeat | undefined>;
}
const repeatsByFile = new Map<string, RepeatMemo>();
/** Files whose repeats are kept: an edited file keeps its own, a run over many files a few. */
const REMEMBERED_FILES = 4;

/**
 * Whether `s` has a character `toLowerCase` may change: an ASCII capital, or anything past ASCII.
 * A loop, not a regular expression: it runs on every rule of a file just opened, three times.
 * @example mayHaveCase('src/Main.ts') // true
 */
function mayHaveCase(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 65 && c <= 90) || c >= 0x80) return true;
  }
  return false;
}

/** Which rules repeat an earlier one: the last result of the same path when every rule's pair, agent and number are the same. */
function repeatsOf(path: string, own: readonly OpencodeRule[], pairs: PairNotes[]): Array<Repeat | undefined> {
  const last = repeatsByFile.get(path);
  repeatsByFile.delete(path);
  const agents = own.map((r) => r.agent);
  const rules = own.map((r) => r.index);
  let repeats: Array<Repeat | undefined>;
  if (last && sameRun(last, pairs, agents, rules)) repeats = last.repeats;
  else repeats = findRepeats(own, pairs);
  repeatsByFile.set(path, { pairs, agents, rules, repeats });
  if (repeatsByFile.size > REMEMBERED_FILES) repeatsByFile.delete(repeatsByFile.keys().next().value!);
  return repeats;
}

function sameRun(last: RepeatMemo, pairs: readonly PairNotes[], agents: ReadonlyArray<string | null>, rules: readonly number[]): boolean {
  if (last.pairs.length !== pairs.length) return false;
  for (let i = 0; i < pairs.length; i++) if (pairs[i] !== last.pairs[i] || agents[i] !== last.agents[i] || rules[i] !== last.rules[i]) return false;
  return true;
}

/**
 * Each rule's earlier repeat: the same agent, action and resource text (looked up word by word,
 * so no key is built per rule), else, when any of them has a character lower case could change,
 * the first alike but for case.
 */
function findRepeats(own: readonly OpencodeRule[], pairs: readonly PairNotes[]): Array<Repeat | undefined> {
  const repeats: Array<Repeat | undefined> = [];
  const seen = new Map<string, Map<string, number>>();
  let cased = false;
  for (let i = 0; i < own.length; i++) {
    const r = own[i];
    const scope = r.agent === null ? r.action : `${r.agent}\u0000${r.action}`;
    let byResource = seen.get(scope);
    if (!byResource) seen.set(scope, (byResource = new Map()));
    const prev = byResource.get(r.resource);
    if (prev !== undefined) repeats[i] = { code: 'duplicate-rule', other: prev };
    byResource.set(r.resource, r.index);
    if (!cased && (mayHaveCase(r.action) || mayHaveCase(r.resource) || (r.agent !== null && mayHaveCase(r.agent)))) cased = true;
  }
  // Words with nothing lower case could change are their own lower case: then two rules alike
  // but for case are the same words, found above, and this pass is left out.
  if (!cased) return repeats;
  const seenLower = new Map<string, number>();
  for (let i = 0; i < own.length; i++) {
    const r = own[i];
    const lower = (pairs[i].lowerKey ??= `\u0000${r.action}\u0000${r.resource}`.toLowerCase());
    const key = r.agent === null ? lower : `\u0001${r.agent.toLowerCase()}${lower}`;
    const other = seenLower.get(key);
    if (repeats[i] === undefined && other !== undefined) repeats[i] = { code: 'case-duplicate', other };
    if (other === undefined) seenLower.set(key, r.index);
  }
  return repeats;
}

function repeatFinding(rs: OpencodeRuleSet, r: OpencodeRule, repeat: Repeat): Finding {
  const prev = rs.rules[repeat.other];
  const message = repeat.code === 'duplicate-rule'
    ? `the same action and pattern as rule ${prev.index + 1} (${prev.label}); under last match the earlier one never decides`
    : `differs from rule ${prev.index + 1} (${prev.label}) only by case: OpenCode on Windows matches case-insensitively, so there the two collide`;
  return finding(repeat.code, 'information', message, r.range, {
    related: [{ range: prev.range, message: `rule ${prev.index + 1}: ${prev.label}` }],
    data: { rule: r.index, other: prev.index },
  });
}

/**
 * Lints that read one rule at a time (the automata-based ones live in analysis/).
 * @example lintOpencode(parseOpencode(file)).map((f) => f.code) // ['literal-glob-syntax', 'allow-runs-anything']
 */
export function lintOpencode(rs: OpencodeRuleSet): Finding[] {
  return finish(lintOpencodeSteps(rs));
}

/** Rules read between pauses of `lintOpencodeSteps`. */
export const ONE_RULE_LINT_CHUNK = 256;

/**
 * `lintOpencode` as steps (see `Steps`): the same findings, `ONE_RULE_LINT_CHUNK` rules at a time.
 * @example finish(lintOpencodeSteps(parseOpencode(file))).map((f) => f.code) // ['literal-glob-syntax']
 */
export function* lintOpencodeSteps(rs: OpencodeRuleSet): Steps<Finding[]> {
  // Built-in layers are the agent's, not the user's: lints speak only of rules in the file.
  const own: OpencodeRule[] = [];
  const pairs: PairNotes[] = [];
  const notes: RuleNote[][] = [];
  // Indexed loops: this runs once per parse, before V8 optimizes it, and an iterator there makes
  // an object per rule.
  for (let k = 0; k < rs.rules.length; k++) {
    const r = rs.rules[k];
    if (r.layer !== undefined) continue;
    const pair = pairOf(r);
    own.push(r);
    pairs.push(pair);
    notes.push(notesIn(pair, r));
    if (k % ONE_RULE_LINT_CHUNK === ONE_RULE_LINT_CHUNK - 1) yield;
  }
  const repeats = repeatsOf(rs.path, own, pairs);
  yield;
  const out: Finding[] = [];
  for (let i = 0; i < own.length; i++) {
    const r = own[i];
    for (let j = 0; j < notes[i].length; j++) out.push(noteFinding(notes[i][j], r));
    const repeat = repeats[i];
    if (repeat) out.push(repeatFinding(rs, r, repeat));
    if (i % ONE_RULE_LINT_CHUNK === ONE_RULE_LINT_CHUNK - 1) yield;
  }
  out.push(...(yield* commandLintSteps(rs, own)));
  return out;
}
