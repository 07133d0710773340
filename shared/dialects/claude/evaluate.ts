import { BACKGROUND, HIDDEN_KINDS } from './shell-walk';
import * as os from 'os';
import { posix } from 'path';
import { strictest, type Decision, type EvalContext, type TraceRow, type TraceSection, type Verdict } from '../../model';
import { matches } from '../../patterns/wildcard';
import { outcomeLabelled, outcomeOfSection, withOutcomes } from '../../compiled/outcomes';
import { commandViews } from './command-views';
import { pathRuleMatches, type AnchorDirs } from './path-rules';
import { acceptEditsCommand, computedReadOperands, LISTED_CHILD, outsideOperands, READ_ONLY_LAYER, readOnlyReason, readOperands, type ReadOnlyContext } from './read-only';
import { cdInPipeline, cdTarget, commandPaths, inputPaths, isCd, leadingCd, mayBeGuarded, programCap, uncheckedForm, type CommandPath } from './command-paths';
import { namedPath, type ShellPlace } from './shell-paths';
import { inside, pathViews, withoutTrailingSlashes } from './safe-path';
import { screenCommand } from './shell-screen';
import { FALLBACK_SPLIT, splitCommand } from './sub-commands';
import { candidatesFor, firstWord, MIN_INDEXED_RULES, type PathProbe } from './rule-index';
import { INPUT_SUBJECT_KEYS, toolFamily } from './tools';
import { TIERS, type ClaudeMode, type ClaudeRequest, type ClaudeRule, type ClaudeRuleSet, type RuleMatcher, type Tier } from './types';
import { planSetsAside } from './plan-mode';
import { preapprovedUrl } from './preapproved-hosts';
import { domainMatches, hostOf, mcpMatches } from './web-mcp';
import { hookDependent, hooksFor, withHookAnswer, type HookKeeps } from './hooks';
import { guardRow, readGuard, writeGuard, type SubjectGuard } from './guards';
import { isSettingsFile, protectedWhy } from './protected-paths';
import { skillCheck, skillSubjectOf } from './skill-rules';

/** One rule's marks for one subject: did its tool match, did its specifier match (null: not checked). */
/** Caps of shell operators whose inside the CLI still checks (not hidden execution). */
const OPERATOR_CAPS = [HIDDEN_KINDS.subshell, HIDDEN_KINDS.compound_statement];

interface RuleCheck {
  tool: boolean;
  subject: boolean | null;
  note?: string;
  /** The specifier's match could not be decided within the matcher's budget: counted as no match, and an allow is then at most ask. */
  undecided?: string;
}

/** What one trace section judges, and how a rule is checked against it. */
export interface Subject {
  kind: string;
  subject: string;
  check(rule: ClaudeRule): RuleCheck;
  /** Reasons an allow cannot stand here (at most ask). */
  caps: string[];
  /** Whether acceptEdits' automatic approval covers this subject (an edit inside the working folders). */
  editInside: boolean;
  /** Why the built-in read-only layer allows this subject when no rule matched (read-only command or tool inside the working folders). */
  readOnly?: string;
  /** Why the agent refuses this subject before any rule is consulted. */
  refused?: string;
  /** Caps that even a bare `Bash` allow does not lift (a write outside the working folders). */
  hardCaps?: boolean;
  /** A read (Read/Grep/Glob/LS): plan mode leaves its allow rules in force. */
  reads?: boolean;
  /**
   * Why a deny on this subject is only an ask: a path a command reads or writes is checked after the
   * command's hidden parts, and the CLI stops at those with a prompt.
   */
  denyAsks?: string;
  /** The caps that come from hidden execution (not from a path outside). */
  hidden?: string[];
  /** Caps that hold only against an allow whose pattern has a wildcard (an exact allow of the text stands). */
  wildcardCaps?: string[];
  /** With `denyAsks`: a bare `Bash` allow approves the command before that deny is consulted. */
  bareWins?: boolean;
  /**
   * Why the agent refuses this call whatever allows it, once no deny rule matched (a Write through a
   * symlink): the file tools' permission check answers deny after the rules (@anthropic-ai/claude-code
   * 2.1.332: "Refusing to write …: it is a symbolic link", behavior deny), so it is a deny in every mode.
   */
  refusesAfterDeny?: string;
  /** A cap that holds only while some rule in force is of a kind (a relative read after `cd` while a Read deny exists). */
  capWhen?: { why: string; rule(r: ClaudeRule): boolean };
  /**
   * The first words of every text a Bash pattern is matched against here (none: no Bash pattern
   * applies); a rule whose pattern fixes another first word cannot match (see rule-index.ts).
   */
  words?: ReadonlySet<string>;
  /**
   * The matcher kinds, besides the whole-tool ones, a rule must have for this subject's check to
   * match it (unset: any); a rule of another kind is skipped, as its check would say no match.
   */
  kinds?: ReadonlySet<RuleMatcher['kind']>;
  /** The path a path rule is matched against here (see `PathProbe`): the rules of other folders are skipped. */
  at?: PathProbe;
  /** A guard of the agent that denies this subject after the deny rules (blockWrites/blockReads). */
  guard?: SubjectGuard;
  /** Why the agent always asks before this write (a sensitive file): caps every allow, hook allows included. */
  protectedWrite?: string;
  /** A skill's own verdict when no rule matches (safe skills run, others ask). */
  skillFallback?: { decision: Decision; branch: string };
}

interface SectionResult {
  section: TraceSection;
  rule: ClaudeRule | null;
  tier: Tier | 'mode' | 'builtin' | 'refused' | 'guard';
  /** What a hook's allow cannot lift here: a deny or ask rule, a guard, a protected file. */
  keeps?: HookKeeps;
}

const COLUMNS = ['tool', 'specifier'];

/** A subject no Bash pattern is matched against (a path). */
const NO_WORDS: ReadonlySet<string> = new Set();
/** A command is matched by Bash patterns only; a path by Read/Edit rules only (see `Subject.kinds`). */
const BASH_KINDS: ReadonlySet<RuleMatcher['kind']> = new Set(['bash']);
const PATH_KINDS: ReadonlySet<RuleMatcher['kind']> = new Set(['path']);

/**
 * Evaluates a request the way the agent does: deny, then ask, then allow — the first match in that
 * order decides — and the mode decides when nothing matches. Bash commands are judged per
 * sub-command, paths per view (as given, normalized, symlink-resolved); the strictest result wins.
 * Whatever cannot be proved (an unparsable command, an opaque part, an unresolvable path) is at
 * most ask, while a deny still applies.
 * @example evaluateClaude(rs, { tool: 'Bash', command: 'git status; rm -rf build' }).decision // 'deny'
 */
export function evaluateClaude(rs: ClaudeRuleSet, req: ClaudeRequest, ctx: EvalContext = {}): Verdict {
  const prepared = prepareClaude(rs, req, ctx);
  const hooks = hooksFor(rs, req.tool);
  if (hooks.length === 0) return judge(rs, rs.rules, prepared, req);
  const keep: { keeps?: HookKeeps } = {};
  const v = judge(rs, rs.rules, prepared, req, keep);
  if (req.hook === undefined) return hookDependent(rs, v, hooks);
  return withHookAnswer(rs, v, hooks, req.hook, keep.keeps, rs.guards?.denyInsteadOfPrompting !== undefined);
}

/** A request's subjects with the notes made while reading them: what a verdict needs besides the rules. */
export interface PreparedRequest {
  readonly subjects: readonly Subject[];
  readonly notes: readonly string[];
}

/**
 * Reads a request into the subjects the rules are checked against. They depend on the request and
 * on where it runs (root, working folders, home, file system), never on the rules, so a caller that
 * asks about one request under many rule lists prepares it once.
 * @example judge(rs, rs.rules, prepareClaude(rs, req), req).decision === evaluateClaude(rs, req).decision
 */
export function prepareClaude(rs: ClaudeRuleSet, req: ClaudeRequest, ctx: EvalContext = {}): PreparedRequest {
  const notes: string[] = [];
  const subjects = subjectsOf(rs, req, ctx, notes);
  return { subjects, notes };
}

const TIER_RANK: Readonly<Record<string, number>> = Object.fromEntries(TIERS.map((t, i) => [t, i]));

/** Rule lists seen in tier order already, with their length then: a file's lints judge thousands of requests under the same list. */
const IN_ORDER = new WeakMap<readonly ClaudeRule[], number>();

/** Rules in the order the agent consults them: by tier, then as written (parsed rule sets already are). */
function inTierOrder(rules: readonly ClaudeRule[]): readonly ClaudeRule[] {
  // A list that grew since (none does once built) is checked again.
  if (IN_ORDER.get(rules) === rules.length) return rules;
  for (let i = 1; i < rules.length; i++) {
    const a = rules[i - 1];
    const b = rules[i];
    const d = TIER_RANK[a.tier] - TIER_RANK[b.tier];
    if (d > 0 || (d === 0 && a.index > b.index)) return [...rules].sort((x, y) => TIER_RANK[x.tier] - TIER_RANK[y.tier] || x.index - y.index);
  }
  // Lists are never changed once made (rule sets are rebuilt, not edited), so the answer holds.
  if (rules.length >= MIN_INDEXED_RULES) IN_ORDER.set(rules, rules.length);
  return rules;
}

/** Per list in tier order, where each tier's run of rules starts and ends. */
const TIER_RANGES = new WeakMap<readonly ClaudeRule[], { length: number; ranges: Record<Tier, readonly [number, number]> }>();

/**
 * The positions [start, end) of a tier's rules in a list in tier order.
 * @example tierRange([deny0, ask0, ask1, allow0], 'ask') // [1, 3]
 */
function tierRange(rules: readonly ClaudeRule[], tier: Tier): readonly [number, number] {
  let hit = TIER_RANGES.get(rules);
  // Lists are never changed once made; one that grew is measured again.
  if (!hit || hit.length !== rules.length) {
    const ranges = {} as Record<Tier, readonly [number, number]>;
    let i = 0;
    for (const t of TIERS) {
      const start = i;
      while (i < rules.length && rules[i].tier === t) i++;
      ranges[t] = [start, i];
    }
    // A list out of tier order has no runs: the whole list is searched (each rule's tier is still checked).
    if (i !== rules.length) for (const t of TIERS) ranges[t] = [0, rules.length];
    hit = { length: rules.length, ranges };
    TIER_RANGES.set(rules, hit);
  }
  return hit.ranges[tier];
}

/** The first position in an ascending list whose value is at least `v`. */
function firstAtLeast(xs: readonly number[], v: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The verdict on a prepared request with `inForce` as the rules (the rule set's mode, root and
 * layers kept).
 * @example judge(rs, [rule], prepareClaude(rs, req), req).decision
 */
export function judge(rs: ClaudeRuleSet, inForce: readonly ClaudeRule[], prepared: PreparedRequest, req: ClaudeRequest, keep?: { keeps?: HookKeeps }): Verdict {
  const mode: ClaudeMode = req.mode ?? rs.mode;
  const notes = [...prepared.notes];
  const subjects = prepared.subjects;
  const rules = inTierOrder(inForce);
  const results = subjects.map((s) => decide(rules, s, mode));
  let decision = strictest(results.map((r) => r.section.decision ?? 'ask'), 'ask');
  if (keep) {
    const kept = results.map((r) => r.keeps).filter((k): k is HookKeeps => k !== undefined);
    const worst = kept.length ? strictest(kept.map((k) => k.decision), 'ask') : undefined;
    keep.keeps = worst ? kept.find((k) => k.decision === worst) : undefined;
  }
  // denyInsteadOfPrompting (user or managed settings): a prompt is never shown, the call is denied.
  const denyInstead = rs.guards?.denyInsteadOfPrompting;
  if (denyInstead && decision === 'ask') {
    decision = 'deny';
    results.push({
      section: { kind: 'guard', subject: 'permissions.denyInsteadOfPrompting', columns: ['applies'], rows: [guardRow('denyInsteadOfPrompting', denyInstead)], controlling: null, decision: 'deny', branch: `permissions.denyInsteadOfPrompting (${denyInstead.layer} settings): what would ask is denied at once` },
      rule: null,
      tier: 'guard',
    });
  }
  const decisive = results.find((r) => r.section.decision === decision) ?? results[0];
  for (const s of subjects) for (const c of s.caps) if (!notes.includes(c)) notes.push(c);
  if (mode === 'auto') notes.push('auto mode: a classifier approves some unmatched calls; the engine cannot model it and assumes ask');
  if (mode === 'plan') notes.push('plan mode: rules are consulted as in default mode, except that file edits are held before allow rules');
  const failClosed = subjects.some((s) => s.caps.length > 0);
  const rule = decisive?.rule ?? null;
  const layer = rule ? rule.scope : decisive?.tier === 'builtin' ? READ_ONLY_LAYER : decisive?.tier === 'refused' ? 'refused by the agent' : decisive?.tier === 'guard' ? `guard: ${decisive.section.subject}` : null;
  const verdict: Verdict = {
    decision,
    native: decision,
    code: null,
    rule: rule ? { index: rule.index, id: null, label: rule.label } : null,
    details: {
      tier: decisive?.tier ?? 'mode',
      mode,
      layer,
      failClosed,
      subjects: subjects.length,
    },
    trace: {
      dialect: 'claude',
      branch: aggregateBranch(results, decision, mode),
      sections: results.map((r) => r.section),
      notes,
    },
  };
  // What lenses and flips read of each section, known here without building its rows (every rule).
  return withOutcomes(verdict, results.map((r) => (r.rule && r.rule.index === r.section.controlling ? outcomeLabelled(r.section, r.rule.label) : outcomeOfSection(r.section))));
}

function aggregateBranch(results: SectionResult[], decision: Decision, mode: ClaudeMode): string {
  if (results.length <= 1) return results[0]?.section.branch ?? `no subject: mode ${mode}`;
  return `${results.length} subjects folded to the strictest: ${decision}`;
}

function decide(rules: readonly ClaudeRule[], s: Subject, mode: ClaudeMode): SectionResult {
  // Rules are checked on demand, in order: a decision needs the first match of each tier, and the
  // trace's rows (every rule) are built only when someone reads them. Checks are pure.
  // A map, not an array of the list's length: the lints judge thousands of requests, each checking a few rules.
  const checked = new Map<number, { r: ClaudeRule; c: RuleCheck }>();
  const undecided: string[] = [];
  const checkAt = (i: number) => {
    let hit = checked.get(i);
    if (hit) return hit;
    const r = rules[i];
    const c = s.check(r);
    if (c.undecided) undecided.push(c.undecided);
    // Plan mode sets aside allow rules that would run arbitrary code (see plan-mode.ts).
    hit = mode === 'plan' && r.tier === 'allow' && c.tool && c.subject !== false && planSetsAside(r) ? { r, c: { tool: true, subject: false, note: 'plan mode sets this broad allow aside' } } : { r, c };
    checked.set(i, hit);
    return hit;
  };
  // Only rules that can match are searched (the others' checks say no match); rows still list all.
  const order = s.words ? candidatesFor(rules, s.words, s.kinds, s.at) : undefined;
  const checks = {
    find(tier: Tier, pred: (x: { r: ClaudeRule; c: RuleCheck }) => boolean): { r: ClaudeRule; c: RuleCheck } | undefined {
      // The list is in tier order, so a tier's rules are one run of it: only that run is searched.
      const [start, end] = tierRange(rules, tier);
      if (!order) {
        for (let i = start; i < end; i++) {
          if (rules[i].tier !== tier) continue;
          const x = checkAt(i);
          if (pred(x)) return x;
        }
        return undefined;
      }
      for (let k = firstAtLeast(order, start); k < order.length && order[k] < end; k++) {
        if (rules[order[k]].tier !== tier) continue;
        const x = checkAt(order[k]);
        if (pred(x)) return x;
      }
      return undefined;
    },
  };
  let rows: TraceRow[] | undefined;
  const allRows = () =>
    (rows ??= rules.map((_, i) => {
      const { r, c } = checkAt(i);
      return { rule: r.index, label: r.label, matches: [c.tool, c.subject], ...(c.note ? { note: c.note } : {}) };
    }));
  const section = (decision: Decision, controlling: ClaudeRule | null, branch: string): TraceSection => ({
    kind: s.kind,
    subject: s.subject,
    columns: COLUMNS,
    get rows() {
      return allRows();
    },
    controlling: controlling?.index ?? null,
    decision,
    branch,
  });
  const plainCap = s.protectedWrite ?? (s.caps.length ? s.caps[0] : s.capWhen && rules.some(s.capWhen.rule) ? s.capWhen.why : undefined);
  let capped = plainCap;
  if (s.refused) return { section: section('deny', null, `refused before any rule: ${s.refused}`), rule: null, tier: 'refused', keeps: { decision: 'deny', why: `the agent refuses it before any rule (${s.refused})` } };
  if (s.refusesAfterDeny) {
    const d = checks.find('deny', ({ c }) => c.tool && c.subject !== false);
    if (d) return { section: section('deny', d.r, `deny tier: rule ${d.r.index + 1} (${d.r.scope} settings) matched first; deny is checked before ask and allow`), rule: d.r, tier: 'deny', keeps: { decision: 'deny', why: `rule ${d.r.index + 1} denies it` } };
    return { section: section('deny', null, `refused after the deny rules: ${s.refusesAfterDeny} (a denial without a prompt, in every mode)`), rule: null, tier: 'refused', keeps: { decision: 'deny', why: s.refusesAfterDeny } };
  }
  const guarded = (): SectionResult | undefined => {
    if (!s.guard) return undefined;
    const g = s.guard;
    const withRow = (): TraceSection => {
      const base = section('deny', null, g.branch);
      let guardedRows: TraceRow[] | undefined;
      return { ...base, get rows() { return (guardedRows ??= [g.row, ...allRows()]); } };
    };
    return { section: withRow(), rule: null, tier: 'guard', keeps: { decision: 'deny', why: g.branch } };
  };
  const protectedKeeps = (d: Decision): HookKeeps | undefined => (s.protectedWrite ? { decision: d, why: s.protectedWrite } : undefined);
  for (const tier of TIERS) {
    if (tier === 'ask') {
      const g = guarded();
      if (g) return g;
    }
    const hit = checks.find(tier, ({ c }) => c.tool && c.subject !== false);
    if (!hit) continue;
    // A rule the matcher could not decide might have matched: what an allow would decide is then at most ask.
    if (!capped && undecided.length) capped = undecided[0];
    const n = `rule ${hit.r.index + 1} (${hit.r.scope} settings)`;
    if (tier === 'deny' && s.denyAsks && s.bareWins) {
      const bareAllow = checks.find('allow', ({ r, c }) => c.tool && c.subject !== false && r.matcher.kind === 'tool' && r.matcher.name === 'Bash');
      if (bareAllow) return { section: section('allow', bareAllow.r, `allow tier: rule ${bareAllow.r.index + 1} (${bareAllow.r.scope} settings), a bare Bash allow, approves the command as written before ${n} is consulted (${s.denyAsks})`), rule: bareAllow.r, tier: 'allow' };
    }
    if (tier === 'deny' && s.denyAsks) {
      const d: Decision = mode === 'dontAsk' ? 'deny' : 'ask';
      return { section: section(d, hit.r, `deny tier: ${n} matched, but ${s.denyAsks}: the agent asks before it reaches this check${d === 'deny' ? '; dontAsk mode denies' : ''}`), rule: hit.r, tier };
    }
    if (tier === 'deny') return { section: section('deny', hit.r, `deny tier: ${n} matched first; deny is checked before ask and allow`), rule: hit.r, tier, keeps: { decision: 'deny', why: `${n} denies` } };
    if (tier === 'ask') {
      if (mode === 'dontAsk') return { section: section('deny', hit.r, `ask tier: ${n} matched; dontAsk mode turns every prompt into a deny`), rule: hit.r, tier, keeps: { decision: 'deny', why: `${n} asks and dontAsk mode denies` } };
      return { section: section('ask', hit.r, `ask tier: ${n} matched; no deny matched`), rule: hit.r, tier, keeps: { decision: 'ask', why: `${n} asks` } };
    }
    // Plan mode holds file edits before their allow rules are consulted; a command's or fetch's allow rule stands (observed).
    if (!capped && s.wildcardCaps?.length && hit.r.specifier?.includes('*')) capped = s.wildcardCaps[0];
    if (mode === 'plan' && s.kind === 'path' && !s.reads) return { section: section('ask', hit.r, `allow tier: ${n} matched, but plan mode holds file edits for approval before allow rules`), rule: hit.r, tier };
    // A bare `Bash` allow approves every command as written, hidden parts included (the agent does; a lint flags the rule).
    const bare = capped && !s.hardCaps && s.kind !== 'path' ? checks.find('allow', ({ r, c }) => c.tool && c.subject !== false && r.matcher.kind === 'tool' && r.matcher.name === 'Bash') : undefined;
    if (bare) {
      return { section: section('allow', bare.r, `allow tier: rule ${bare.r.index + 1} (${bare.r.scope} settings), a bare Bash allow, matched; it approves the command whatever it hides`), rule: bare.r, tier };
    }
    if (capped) {
      const d: Decision = mode === 'dontAsk' ? 'deny' : 'ask';
      const why = s.protectedWrite && capped === s.protectedWrite ? `allow tier: ${n} matched, but ${capped}${d === 'deny' ? '; dontAsk mode denies' : ''}` : `allow tier: ${n} matched, but fail closed (${capped}): at most ask${d === 'deny' ? '; dontAsk mode denies' : ''}`;
      return { section: section(d, hit.r, why), rule: hit.r, tier, keeps: protectedKeeps(d) };
    }
    return { section: section('allow', hit.r, `allow tier: ${n} matched; no deny or ask matched`), rule: hit.r, tier };
  }
  if (!capped && undecided.length) capped = undecided[0];
  const g = guarded();
  if (g) return g;
  // A rule the matcher could not decide might have matched: a skill's own allow is then at most ask.
  if (s.skillFallback?.decision === 'allow' && undecided.length) return { section: section('ask', null, `${s.skillFallback.branch}, but fail closed (${undecided[0]}): at most ask`), rule: null, tier: 'mode' };
  if (s.skillFallback) return { section: section(s.skillFallback.decision === 'ask' && mode === 'dontAsk' ? 'deny' : s.skillFallback.decision, null, s.skillFallback.branch), rule: null, tier: s.skillFallback.decision === 'allow' ? 'builtin' : 'mode' };
  // Plan mode lets reads run anywhere (observed: Read /etc/hostname is allowed there with no rule).
  if (mode === 'plan' && s.reads && !capped) return { section: section('allow', null, `${READ_ONLY_LAYER} layer: plan mode lets reads run`), rule: null, tier: 'builtin' };
  // Read-only commands and reads inside the working folders need no approval in any mode.
  if (s.readOnly && !capped) return { section: section('allow', null, `${READ_ONLY_LAYER} layer: no rule matched and ${s.readOnly}`), rule: null, tier: 'builtin' };
  const fb = modeFallback(mode, s.editInside);
  if (fb.decision === 'allow' && capped) return { section: section('ask', null, s.protectedWrite && capped === s.protectedWrite ? `${fb.branch}, but ${capped}` : `${fb.branch}, but fail closed (${capped}): at most ask`), rule: null, tier: 'mode', keeps: protectedKeeps('ask') };
  return { section: section(fb.decision, null, fb.branch), rule: null, tier: 'mode', keeps: protectedKeeps(fb.decision) };
}

/**
 * What the mode decides when no rule matched.
 * @example modeFallback('dontAsk', false) // { decision: 'deny', … }
 */
export function modeFallback(mode: ClaudeMode, editInside: boolean): { decision: Decision; branch: string } {
  switch (mode) {
    case 'dontAsk':
      return { decision: 'deny', branch: 'no rule matched: dontAsk mode denies' };
    case 'bypassPermissions':
      return { decision: 'allow', branch: 'no rule matched: bypassPermissions mode allows' };
    case 'acceptEdits':
      return editInside
        ? { decision: 'allow', branch: 'no rule matched: acceptEdits mode allows edits inside the working folders' }
        : { decision: 'ask', branch: 'no rule matched: acceptEdits mode asks (not an edit inside the working folders)' };
    default:
      return { decision: 'ask', branch: `no rule matched: ${mode} mode asks` };
  }
}

/** The subject text a request carries for its tool: a field, or a key of `input`. */
function subjectText(req: ClaudeRequest, field: 'command' | 'path' | 'url' | undefined, keys: readonly string[]): string | undefined {
  if (field && typeof req[field] === 'string') return req[field];
  for (const k of keys) {
    const v = req.input?.[k];
    if (typeof v === 'string') return v;
  }
  return undefined;
}

/** Where a request's paths are judged from: the project root, the request's cwd, the working folders. */
interface Place {
  root: string;
  cwd: string;
  home: string;
  workDirs: string[];
  fs: EvalContext['fs'];
  guards: ClaudeRuleSet['guards'];
  skills: ClaudeRuleSet['skills'];
}

function placeOf(rs: ClaudeRuleSet, req: ClaudeRequest, ctx: EvalContext): Place {
  const root = ctx.root ?? rs.root;
  return { root, cwd: req.cwd ? posix.resolve(root, req.cwd) : root, home: ctx.home ?? os.homedir(), workDirs: [root, ...rs.additionalDirectories], fs: ctx.fs, guards: rs.guards ?? {}, skills: rs.skills };
}

function subjectsOf(rs: ClaudeRuleSet, req: ClaudeRequest, ctx: EvalContext, notes: string[]): Subject[] {
  const tool = req.tool;
  const place = placeOf(rs, req, ctx);
  if (tool === 'Bash') return bashSubjects(subjectText(req, 'command', INPUT_SUBJECT_KEYS.Bash), place, notes);
  const family = toolFamily(tool);
  if (family) {
    let raw = subjectText(req, 'path', INPUT_SUBJECT_KEYS.file);
    // Grep, Glob and LS without a path search the working directory.
    if (raw === undefined && SEARCH_TOOLS.includes(tool)) raw = place.cwd;
    const subjects = pathSubjects(req.tool, place, family, raw, notes);
    // Write and Edit refuse a path that is itself a symlink (a dangling one too), whatever the rules
    // and the mode: "Refusing to write …: it is a symbolic link" (observed on 2.1.328 and 2.1.332: a
    // deny, no prompt; the check runs after the permission rules unless they denied).
    const link = family === 'edit' && raw !== undefined && place.fs?.readlink ? place.fs.readlink(posix.resolve(place.cwd, raw)) : undefined;
    if (link !== undefined) for (const s of subjects) s.refusesAfterDeny = `${raw} is a symbolic link (to ${link}): the agent refuses to write through it`;
    return subjects;
  }
  if (tool === 'WebFetch') return [webSubject(subjectText(req, 'url', INPUT_SUBJECT_KEYS.WebFetch))];
  if (tool === 'Skill') return [skillSubject(place, subjectText(req, undefined, INPUT_SUBJECT_KEYS.Skill))];
  return [otherSubject(tool, subjectText(req, undefined, INPUT_SUBJECT_KEYS[tool] ?? []))];
}

/** Read tools whose path is optional (they default to the working directory). */
const SEARCH_TOOLS: readonly string[] = ['Grep', 'Glob', 'LS'];

/** The tool-level part of a check shared by every kind of subject. */
function toolLevel(rule: ClaudeRule, tool: string, family?: 'read' | 'edit'): RuleCheck | undefined {
  const m = rule.matcher;
  if (m.kind === 'tool') {
    const hit = m.name === tool || (family !== undefined && (m.name === 'Read' ? family === 'read' || (family === 'edit' && rule.tier === 'deny') : m.name === 'Edit' && family === 'edit'));
    return { tool: hit, subject: null, ...(hit && m.name !== tool ? { note: `${m.name} covers ${tool}` } : {}) };
  }
  if (m.kind === 'tool-glob') {
    const hit = matches(m.compiled, tool);
    if (hit && rule.tier === 'allow') return { tool: true, subject: false, note: 'an allow with a tool-name glob approves nothing' };
    return { tool: hit, subject: null, ...(hit ? { note: 'tool-name glob applied to deny/ask (fail closed)' } : {}) };
  }
  if (m.kind === 'never') return { tool: m.name === tool, subject: m.name === tool ? false : null, ...(m.name === tool ? { note: 'never consulted by the agent' } : {}) };
  if (m.kind === 'invalid') return { tool: false, subject: null, note: 'invalid rule: ignored' };
  return undefined;
}

function bashSubjects(command: string | undefined, place: Place, notes: string[]): Subject[] {
  if (command === undefined) return [missingSubject('Bash', 'command')];
  const split = splitCommand(command);
  const subs = split.subcommands.length ? split.subcommands : [{ text: command, assignments: [], words: [], redirects: [], opaque: [] }];
  const roCtx: ReadOnlyContext = { cwd: place.cwd, workDirs: place.workDirs, home: place.home };
  const shellPlace: ShellPlace = { cwd: place.cwd, workDirs: place.workDirs, home: place.home, fs: place.fs };
  // Per sub-command, a read-only reason that holds only if its files outside the working folders are judged by the Read rules.
  const readsBeyond: Array<{ reason: string; outside: string[] } | undefined> = [];
  const readOnlyHere = (sc: (typeof subs)[number], i: number): string | undefined => {
    const outside: string[] = [];
    const reason = readOnlyReason(sc, roCtx, outside);
    if (reason === undefined || !outside.length) return reason;
    readsBeyond[i] = { reason, outside };
    return undefined;
  };
  const out: Subject[] = subs.map((sc, i) => {
    const v = commandViews(sc);
    const allowViews = v.allowViews.length ? v.allowViews : [sc.text];
    const denyViews = v.denyViews.length ? v.denyViews : [sc.text];
    const computed = computedReadOperands(sc);
    // Computed operands of a command that writes (`rm -f "$PWD/x"`): the agent never checks them and asks.
    const outsideAll = outsideOperands(sc, roCtx);
    const outside = outsideAll.filter((o) => sc.words.some((w) => w.raw === o && w.dynamic));
    const outsideCap = outside.length ? [`\`${sc.words[0]?.value}\` writes the computed path ${outside.join(', ')}: the agent asks whatever allow matches`] : [];
    const program = programCap(sc) ?? uncheckedForm(sc);
    const programCaps = program ? [`${program}: at most ask`] : [];
    // Under blockReadsOutsideWorkingDirectories such a command asks in every mode, also under a bare
    // `Bash` allow, and so does one that reads a path computed at run time (2.1.328).
    const blockReads = place.guards.blockReadsOutsideWorkingDirectories;
    const readBlock = blockReads && (outsideAll.length || computed.length)
      ? [`\`${sc.words[0]?.value}\` names ${[...outsideAll, ...computed].join(', ')}, ${outsideAll.length ? 'outside the working folders' : 'computed at run time'}, and permissions.blockReadsOutsideWorkingDirectories is on (${blockReads.layer} settings): the agent asks whatever allow matches`]
      : [];
    const words = new Set<string>();
    for (const x of [...allowViews, ...denyViews]) words.add(firstWord(x));
    if (v.pastAssignments) words.add(firstWord(v.pastAssignments.text));
    return {
      kind: 'sub-command',
      subject: v.subject,
      words,
      kinds: BASH_KINDS,
      // A bare `Bash` allow still approves a path outside (observed), so that cap is not a hard one.
      caps: [...split.failClosed, ...split.pathCaps, ...v.opaque, ...programCaps, ...readBlock, ...outsideCap],
      // What the agent asks about before it checks the paths a command names (so a deny on one of them is never reached).
      // (A rough split added beside a real parse only feeds deny rules: it hides nothing by itself.)
      hidden: [...split.failClosed.filter((c) => c !== BACKGROUND), ...v.opaque.filter((o) => o !== FALLBACK_SPLIT || !split.parsed)],
      wildcardCaps: computed.length ? [`\`${sc.words[0]?.value}\` reads the computed path ${computed.join(', ')}: a wildcard allow does not approve it`] : [],
      // Even a bare `Bash` allow does not approve a backgrounded command: the CLI asks.
      hardCaps: split.failClosed.includes(BACKGROUND) || readBlock.length > 0,
      readOnly: split.notReadOnly.length ? undefined : readOnlyHere(sc, i),
      editInside: acceptEditsCommand(sc, roCtx),
      check(rule: ClaudeRule): RuleCheck {
        const t = toolLevel(rule, 'Bash');
        if (t) return t;
        const m = rule.matcher;
        if (m.kind !== 'bash') return { tool: false, subject: null };
        if (rule.tier === 'allow') {
          const hit = allowViews.some((x) => matches(m.compiled, x));
          const past = v.pastAssignments;
          if (!hit && past && matches(m.compiled, past.text)) {
            return { tool: true, subject: false, note: `would match \`${past.text}\`, but an allow does not reach past ${past.assignments.join(' ')}` };
          }
          return { tool: true, subject: hit };
        }
        const hit = denyViews.find((x) => matches(m.compiled, x));
        return { tool: true, subject: hit !== undefined, ...(hit !== undefined && hit !== v.subject ? { note: `matched as \`${hit}\`` } : {}) };
      },
    };
  });
  // Some shapes make the CLI ask before it consults any deny rule; the paths a command reads and
  // writes it checks only after the command's hidden parts, where it asks too.
  // The sub-commands' own subjects, one per sub-command, before any other is added.
  const ownSubjects = out.slice();
  const screen = screenCommand(command).asksFirst;
  const first = screen[0]?.why;
  const bareWins = screen.length > 0 && screen.every((a) => a.bareAllowWins);
  if (first) {
    for (const s of out) Object.assign(s, { denyAsks: `the agent cannot be sure how bash reads ${first}`, bareWins, hardCaps: s.hardCaps || !bareWins, caps: s.caps.length ? s.caps : [`${first}: never allowed`] });
  }
  // A ( … ) subshell or { … } group asks, but the CLI still checks what runs inside it: its deny and
  // read checks see `(cat .env)` (observed: denied by `Read(./.env)`), so these are not hidden parts.
  const hidden = out.flatMap((x) => x.hidden ?? []).filter((h) => !OPERATOR_CAPS.some((o) => h.startsWith(o)))[0];
  const denyAsks = first ? `the agent cannot be sure how bash reads ${first}` : hidden ? `the command has a part checked first (${hidden})` : undefined;
  for (const why of split.refused) out.unshift({ kind: 'command', subject: command, caps: [], editInside: false, refused: why, check: () => ({ tool: false, subject: null }) });
  // `cd DIR && …` at the front: the agent judges the rest's denies from DIR too, but it does not trust
  // where a relative path lands after any cd: it asks for writes, redirects and (while a Read deny
  // exists) relative reads — also for `cd docs && cat a.md` with docs a plain folder (observed on
  // 2.1.332: its cd-tracking shortcut does not run, "cat reads a file by a relative path after a cd").
  const lead = leadingCd(command, subs);
  const restPlace: ShellPlace = lead ? { ...shellPlace, cwd: posix.resolve(place.cwd, lead) } : shellPlace;
  const writePlace: Place = { ...place, cwd: restPlace.cwd };
  const cds = subs.filter(isCd).length;
  // With a cd in the command the agent judges a relative redirect target's deny rules from where the
  // command starts and from the folder of a leading `cd DIR &&` or `cd DIR;` — unless the cd is a
  // pipeline stage: then it checks none (it asks). Observed on 2.1.328 and 2.1.332 with `Edit(*.txt)`,
  // `Edit(/out.txt)` and `Edit(/docs/out.txt)` denied: `cd docs && echo a > out.txt`, `cd docs; …`,
  // `echo a > out.txt || cd docs` deny, `echo a > out.txt | cd docs` asks.
  const piped = cds > 0 && cdInPipeline(command, subs);
  const denyLead = cds > 0 ? leadingCd(command, subs, true) : undefined;
  const denyCwds = [...new Set([writePlace.cwd, place.cwd, ...(denyLead === undefined ? [] : [posix.resolve(place.cwd, denyLead)])])];
  // Each output redirection is a write to its target, judged as an Edit of that path.
  for (const w of split.writes) {
    if (w.dynamic) {
      out.push({ kind: 'redirect', subject: w.text, caps: [`the redirect target in \`${w.text}\` is computed at run time: never allowed`], editInside: false, check: (r) => editToolCheck(r) });
      continue;
    }
    const np = namedPath(w.target, 'create', restPlace);
    const unchecked = np.unchecked && !np.unchecked.startsWith('no file system') ? [`${np.unchecked}: never allowed`] : [];
    const relative = !w.target.startsWith('/') && !w.target.startsWith('~');
    const cwds = cds > 0 && relative && !piped ? denyCwds : [writePlace.cwd];
    for (const s of cwds.flatMap((cwd) => pathSubjects('Edit', { ...writePlace, cwd }, 'edit', w.target, notes, 'shell'))) {
      const outside = s.editInside ? [] : [`the redirect writes ${w.target}, outside the working folders: never allowed`];
      // A bare `Bash` allow approves a write outside (observed: `> ~/n.txt`, `> /dev/stderr`), but not one to a
      // file the agent guards (`> ~/.bashrc` asks under it).
      const guarded = outside.length > 0 && mayBeGuarded(s.subject);
      // After a cd in a pipeline the agent checks no deny on a relative target (it asks).
      const blind = piped && relative;
      const check = (r: ClaudeRule): RuleCheck => (blind && r.tier !== 'allow' && r.matcher.kind === 'path' ? { tool: true, subject: false, note: 'after a cd in a pipeline the agent checks no deny on a relative target' } : redirectCheck(r, s));
      out.push({ ...s, kind: 'redirect', subject: `${w.text} — ${s.subject}`, caps: [...split.failClosed, ...s.caps, ...unchecked, ...outside], hardCaps: guarded || s.hardCaps === true, denyAsks, check });
    }
  }
  // The files a read-only command reads are checked against Read rules: a Read deny denies `cat .env`.
  // Behind hidden parts the CLI never reaches the read checks: it asks there, or a bare `Bash` allow approves
  // (observed: `cat .env $(id)` runs under `Bash` with `Read(.env)` denied).
  // (The files of a path-checked command are its operands below; these are the reads past a loose wrapper.)
  for (const sc of hidden ? [] : subs) {
    for (const operand of readOperands(sc, true)) {
      for (const s of pathSubjects('Read', place, 'read', operand, notes, 'shell')) {
        const check = (r: ClaudeRule): RuleCheck => (r.tier === 'ask' ? { tool: false, subject: null } : s.check(r));
        out.push({ ...s, kind: 'read operand', subject: `${sc.words[0]?.value} reads ${s.subject}`, caps: [], denyAsks, readOnly: 'only a Read deny judges the files a command reads', check });
      }
    }
  }
  // Every path a path-restricted command names, and every input redirect, must resolve (through the
  // symlinks that exist) inside the working folders or be covered by a Read/Edit allow; else the agent
  // asks whatever narrower Bash allow matches (a bare `Bash` allow approves). Behind hidden parts it
  // never gets this far.
  // Each sub-command's relative paths are judged from the folder the `cd`s before it lead to (as written).
  const places: ShellPlace[] = [];
  let cwd = place.cwd;
  for (const sc of subs) {
    places.push(cwd === place.cwd ? shellPlace : { ...shellPlace, cwd });
    const target = isCd(sc) ? cdTarget(sc) : undefined;
    if (target !== undefined) cwd = posix.resolve(cwd, target);
  }
  const named = hidden ? [] : subs.map((sc, i) => commandPaths(sc, places[i]));
  const paths = hidden ? [] : [...named.flat(), ...inputPaths(split.reads, restPlace, subs.some(isCd))];
  // A read-only command naming files outside the working folders runs when a Read allow covers each
  // (2.1.332: `cat /x/a.txt` and `head -n 2 /x/a.txt` under `Read(//x/**)`, in default, acceptEdits and
  // dontAsk mode): the command is read-only here when each such file is also a subject of its own,
  // judged by the Read rules (an uncovered one asks, a denied one denies). Not after a cd (the paths
  // are judged from another folder) nor behind hidden parts (no path is checked there).
  if (!hidden && cds === 0) {
    // (Recorded only for a sub-command read-only but for those files: its own `readOnly` is unset.)
    readsBeyond.forEach((beyond, i) => {
      if (!beyond) return;
      const judged = beyond.outside.every((o) => named[i].some((cp) => !cp.denyOnly && cp.path.access === 'read' && cp.path.value === o && !cp.path.inside));
      if (judged) ownSubjects[i].readOnly = `${beyond.reason}; its files outside the working folders are judged by the Read rules`;
    });
  }
  const grouped = split.failClosed.some((c) => OPERATOR_CAPS.some((o) => c.startsWith(o)));
  for (const cp of paths) out.push(...operandSubjects(cp, place, denyAsks, cds, grouped));
  if (cds > 0) {
    for (const s of out) if (s.kind === 'redirect') s.caps.push('a redirect in a command that also changes directory: the agent asks');
  }
  if (cds > 1) for (const s of out) if (s.kind === 'sub-command') s.caps.push('more than one cd in a command: the agent asks');
  return out;
}

/**
 * The subjects of one path a command names: one per spelling (a deny on any applies, an allow must
 * cover all). Inside the working folders it needs no rule; outside, only a Read (for a read) or Edit
 * (for a write) allow covering it, or a bare `Bash` allow, approves; a path the agent cannot check
 * at all is at most ask. Edit ask rules are not consulted for a write, as for a redirect.
 */
function operandSubjects(cp: CommandPath, place: Place, denyAsks: string | undefined, cdCount: number, grouped: boolean): Subject[] {
  const np = cp.path;
  const family: 'read' | 'edit' = np.access === 'read' ? 'read' : 'edit';
  const verb = cp.program === '<' ? 'the input redirect reads' : `\`${cp.program}\` ${family === 'read' ? 'reads' : 'writes'}`;
  const caps = cp.denyOnly ? [] : [...(np.unchecked ? [`${np.unchecked}: at most ask`] : [])];
  // With a `cd` in the command the agent does not trust where a relative path lands: it checks no deny on
  // a relative write and asks for it ("Commands that change directories and perform write operations"),
  // and asks for a relative read while a Read deny rule exists (after checking that deny).
  const relative = !np.value.startsWith('/') && !np.value.startsWith('~');
  const relativeAfterCd = cdCount > 0 && cp.program !== 'cd' && relative;
  const cdBlind = cp.program === 'cd' && relative && grouped;
  if (!cp.denyOnly && family === 'edit' && cdCount > 0) caps.push('a write in a command that also changes directory: the agent asks');
  // A cd out of the working folders is blocked whatever Read allow covers its target ("may only change
  // directories to the allowed working directories"; `cd dang`, dang → outside, under `Read(/outside/**)`).
  if (cp.program === 'cd' && !np.inside && !np.unchecked) caps.push(`cd into ${np.resolved}, outside the working folders: the agent asks whatever Read allow covers it`);
  // Removing a working folder or a folder above one is refused whatever allows it ("Dangerous rm operation").
  const removesWorkDir = (cp.program === 'rm' || cp.program === 'rmdir') && !cp.denyOnly && place.workDirs.some((d) => d === np.resolved || inside(d, [np.resolved]));
  if (removesWorkDir) caps.push(`\`${cp.program}\` would remove ${np.resolved}, a working folder or one above it: the agent asks whatever allows it`);
  const capWhen = relativeAfterCd && family === 'read' && !cp.denyOnly ? { why: 'a relative read in a command that also changes directory, while a Read deny rule exists: the agent asks', rule: isReadDeny } : undefined;
  const outside = !np.inside && !np.unchecked ? `${np.value} resolves to ${np.resolved}, outside the working folders` : undefined;
  const readOnly = cp.denyOnly ? 'only a Read deny judges what cp, mv and sed read' : np.inside && !np.unchecked ? `${np.value} lies inside the working folders${family === 'edit' ? ' (the command itself decides the write)' : ''}` : undefined;
  // A deny on any name the path goes by applies (`Read(lnk/**)` denies `cat lnk/x` with lnk → a folder
  // outside, observed); a read is judged where it lands (inside, or covered by a Read allow), a write
  // must be inside or covered under every name.
  const views = np.spellings.length ? np.spellings : [np.resolved];
  // Listing or entering a folder reads what is in it: `Read(docs/**)` denies `ls docs` (observed).
  const listed = family === 'read' && (cp.program === 'ls' || cp.program === 'cd') ? views.map((v) => `${withoutTrailingSlashes(v)}/${LISTED_CHILD}`) : [];
  const judgedOnly = (view: string) => listed.includes(view) || (family === 'read' && view !== np.resolved);
  return [...views, ...listed].map((view) => ({
    kind: family === 'read' ? 'read operand' : 'written operand',
    subject: `${verb} ${np.value}${view !== np.value ? ` (${view})` : ''}${outside ? ` — ${outside}` : ''}`,
    caps,
    denyAsks,
    readOnly: judgedOnly(view) ? 'only a deny judges a name the path goes by on its way' : readOnly,
    editInside: false,
    words: NO_WORDS,
    kinds: PATH_KINDS,
    at: { path: view, cwd: place.cwd, home: place.home },
    ...(capWhen ? { capWhen } : {}),
    hardCaps: removesWorkDir,
    check(rule: ClaudeRule): RuleCheck {
      const m = rule.matcher;
      if (m.kind === 'tool' && m.name === 'Bash') return rule.tier === 'allow' && !cp.denyOnly ? { tool: true, subject: null, note: 'a bare Bash rule approves the command as written' } : { tool: false, subject: null };
      if (m.kind !== 'path' || m.family !== family) return { tool: false, subject: null };
      // Only deny and allow rules judge a path a command names (observed: `cat b.txt` runs past `Read(b.txt)` ask).
      if (rule.tier === 'ask') return { tool: false, subject: null, note: 'an ask rule does not judge a path a command names' };
      // Inside a subshell or group with a cd, the agent checks no deny on cd's own relative folder (observed).
      if (cdBlind && rule.tier === 'deny') return { tool: true, subject: false, note: 'the agent checks no deny on this cd folder' };
      if (relativeAfterCd && family === 'edit' && rule.tier !== 'allow') return { tool: true, subject: false, note: 'after a cd the agent checks no deny on a relative path it writes' };
      if (cp.denyOnly && rule.tier !== 'deny') return { tool: false, subject: null };
      if (!np.spellings.length) return { tool: true, subject: false, note: 'the agent does not check this path' };
      if (rule.tier === 'allow' && m.body === '*' && m.anyDepth) return { tool: true, subject: false, note: 'a lone * allow approves nothing on the agent' };
      const hit = pathRuleMatches(m, view, { cwd: place.cwd, home: place.home, source: rule.sourceRoot });
      if (hit === undefined) {
        const why = `could not decide within the matcher's budget whether rule ${rule.index + 1} (${rule.label}) matches ${view.length > 80 ? `${view.slice(0, 80)}…` : view}`;
        return { tool: true, subject: false, note: `undecided: ${why}`, undecided: why };
      }
      return { tool: true, subject: hit };
    },
  }));
}

/** A deny rule on reads (`Read(…)` or a bare `Read`). */
function isReadDeny(r: ClaudeRule): boolean {
  return r.tier === 'deny' && ((r.matcher.kind === 'path' && r.matcher.family === 'read') || (r.matcher.kind === 'tool' && r.matcher.name === 'Read'));
}

/**
 * A redirect's target is judged like an Edit, except that an Edit allow does not approve it: the
 * real CLI asks before a shell command writes a file unless acceptEdits covers it.
 */
function redirectCheck(rule: ClaudeRule, s: Subject): RuleCheck {
  const m = rule.matcher;
  if (m.kind === 'tool' && m.name === 'Bash') return { tool: true, subject: null, note: 'a bare Bash rule covers the whole command, its writes included' };
  // Only Edit rules judge a redirect's target (a Read deny does not, unlike for the Edit tool).
  if (m.kind === 'path' && m.family === 'read') return { tool: false, subject: null };
  if (m.kind === 'tool' && m.name === 'Read') return { tool: false, subject: null };
  // Edit ask rules are not consulted for a redirect (observed: acceptEdits writes `> new/x` past `Edit(new/**)` ask).
  if (rule.tier === 'ask' && (m.kind === 'path' || (m.kind === 'tool' && m.name !== 'Bash'))) return { tool: false, subject: null, note: 'an Edit ask rule does not judge a redirect' };
  // A lone `*` (`Edit(*)`) approves an Edit tool call but no redirect (observed on 2.1.328 and 2.1.332).
  if (rule.tier === 'allow' && m.kind === 'path' && m.body === '*' && m.anyDepth) return { tool: true, subject: false, note: 'a lone * allow approves no redirect on the agent' };
  return s.check(rule);
}

/** For a write whose path is unknown, only rules on the Edit tool as a whole can apply. */
function editToolCheck(rule: ClaudeRule): RuleCheck {
  const t = toolLevel(rule, 'Edit', 'edit');
  if (t) return t;
  if (rule.matcher.kind === 'path' && rule.matcher.family === 'edit') return { tool: true, subject: rule.tier !== 'allow', note: 'the target is unknown: a deny/ask may apply, an allow cannot' };
  return { tool: false, subject: null };
}

function missingSubject(tool: string, field: string): Subject {
  const cap = `the request gives no ${field}: rules with a specifier cannot be checked`;
  return {
    kind: 'tool',
    subject: tool,
    caps: [cap],
    editInside: false,
    check(rule) {
      const t = toolLevel(rule, tool, toolFamily(tool));
      if (t) return t;
      return { tool: rule.tool === tool, subject: rule.tool === tool ? false : null };
    },
  };
}

/**
 * The agent's own guards on one view of a path: blockWrites/blockReads for a file tool (a shell
 * command is not limited by blockWrites, and asks under blockReads), and the sensitive files every
 * write asks about.
 */
function pathGuards(place: Place, family: 'read' | 'edit', via: 'tool' | 'shell', path: string, inside: boolean): Pick<Subject, 'guard' | 'protectedWrite' | 'hardCaps'> {
  const out: Pick<Subject, 'guard' | 'protectedWrite' | 'hardCaps'> = {};
  if (family === 'edit') {
    const why = protectedWhy(path);
    if (why) Object.assign(out, { protectedWrite: why, hardCaps: true });
    const bw = place.guards.blockWritesOutsideWorkingDirectories;
    if (bw && via === 'tool' && (!inside || isSettingsFile(path))) out.guard = writeGuard(bw, path, inside);
  } else {
    const br = place.guards.blockReadsOutsideWorkingDirectories;
    if (br && via === 'tool' && !inside) out.guard = readGuard(br, path);
  }
  return out;
}

function pathSubjects(tool: string, place: Place, family: 'read' | 'edit', raw: string | undefined, notes: string[], via: 'tool' | 'shell' = 'tool'): Subject[] {
  if (raw === undefined) return [missingSubject(tool, 'path')];
  const { root, cwd, home, workDirs } = place;
  const pv = pathViews(raw, { cwd, root, workDirs, home, fs: place.fs, mayCreate: family === 'edit' });
  for (const n of pv.notes) if (!notes.includes(n)) notes.push(n);
  const inside = pv.inside && pv.problems.length === 0;
  return pv.views.map((view) => ({
    kind: 'path',
    subject: `${view.name}: ${view.path}`,
    caps: pv.problems,
    ...pathGuards(place, family, via, view.path, inside),
    editInside: family === 'edit' && inside,
    readOnly: family === 'read' && inside ? `${tool} reads inside the working folders` : undefined,
    reads: family === 'read',
    words: NO_WORDS,
    kinds: PATH_KINDS,
    at: { path: view.path, cwd, home },
    check(rule: ClaudeRule): RuleCheck {
      const t = toolLevel(rule, tool, family);
      if (t) return t;
      const m = rule.matcher;
      if (m.kind !== 'path') return { tool: false, subject: null };
      // A Read deny also blocks edits; an Edit allow also lets a path be read (observed: `Edit(//out/**)` approves Read /out/x).
      const applies = m.family === family || (m.family === 'read' && family === 'edit' && rule.tier === 'deny') || (m.family === 'edit' && family === 'read' && rule.tier === 'allow');
      if (!applies) return { tool: false, subject: null };
      // Observed on the CLI (2.1.328, 2.1.332): an allow of a lone `*` (`Edit(*)`) approves an Edit tool call,
      // but no Write, no redirect and no read (`Edit(*.txt)` approves a Write of n.txt).
      if (rule.tier === 'allow' && m.body === '*' && m.anyDepth && tool !== 'Edit') return { tool: true, subject: false, note: `a lone * allow approves no ${tool} on the agent` };
      const dirs: AnchorDirs = { cwd, home, source: rule.sourceRoot };
      const hit = pathRuleMatches(m, view.path, dirs);
      if (hit === undefined) {
        const why = `could not decide within the matcher's budget whether rule ${rule.index + 1} (${rule.label}) matches ${view.path.length > 80 ? `${view.path.slice(0, 80)}…` : view.path}`;
        return { tool: true, subject: false, note: `undecided: ${why}`, undecided: why };
      }
      return { tool: true, subject: hit, ...(m.family !== family ? { note: 'a Read deny also blocks edits' } : {}) };
    },
  }));
}

function webSubject(url: string | undefined): Subject {
  if (url === undefined) return missingSubject('WebFetch', 'url');
  const host = hostOf(url);
  return {
    kind: 'host',
    subject: host ?? url,
    caps: host ? [] : [`no host in "${url}": domain rules cannot be checked`],
    editInside: false,
    // A documentation site on the agent's built-in list needs no rule (deny and ask rules still apply).
    readOnly: preapprovedUrl(url) ? `${host} is on the agent's preapproved documentation hosts` : undefined,
    check(rule) {
      const t = toolLevel(rule, 'WebFetch');
      if (t) return t;
      const m = rule.matcher;
      if (m.kind !== 'domain') return { tool: false, subject: null };
      return { tool: true, subject: host === undefined ? false : domainMatches(m.compiled, host) };
    },
  };
}

/** A Skill call: its rules by skill name, and the skill's own definition when no rule matches. */
function skillSubject(place: Place, name: string | undefined): Subject {
  const raw = name?.trim();
  const skill = raw?.startsWith('/') ? raw.slice(1) : raw;
  return {
    kind: 'tool',
    subject: skill === undefined ? 'Skill' : `Skill(${skill})`,
    caps: [],
    editInside: false,
    skillFallback: skillSubjectOf(place.skills, skill),
    check(rule) {
      const t = toolLevel(rule, 'Skill');
      if (t) return t;
      return skillCheck(rule, skill);
    },
  };
}

function otherSubject(tool: string, subject: string | undefined): Subject {
  return {
    kind: 'tool',
    subject: subject === undefined ? tool : `${tool}(${subject})`,
    caps: [],
    editInside: false,
    check(rule) {
      const t = toolLevel(rule, tool);
      if (t) return t;
      const m = rule.matcher;
      if (m.kind === 'mcp') return { tool: mcpMatches(m, tool), subject: null };
      if (m.kind === 'generic' && m.name === tool) {
        // Without the subject the specifier cannot be judged: a deny/ask still counts, an allow does not.
        if (subject === undefined) return { tool: true, subject: rule.tier !== 'allow', note: 'the request gives no subject for this specifier' };
        return { tool: true, subject: matches(m.compiled, subject) };
      }
      return { tool: false, subject: null };
    },
  };
}
