import type { Deadline, WorkClock } from '../analysis/budget';
import type { Steps } from '../analysis/steps';
import type { Node } from 'jsonc-parser';
import type { CommentStyle } from '../config/suppress';
import type { Decision, EvalContext, Finding, Rule, RuleSet, SourceText, Verdict, DialectId } from '../model';
import type { Flip } from '../diff/flips';
import type { HistoryEntry, Observation } from '../history/types';
import type { Suggestion, SuggestScope } from '../history/suggestion';
import type { RequestInputHelp } from '../requests/input';
import type { StoredRequest } from '../requests/model';
import type { DialectRequest, NeutralRequest } from '../requests/neutral';
import type { NeutralRules, Translated } from '../translate/neutral';

/** A file handed to a dialect: its path (for detection and relative resolution) and its text. */
export interface FileInfo {
  path: string;
  text: string;
}

/** Options for linting a parsed rule set. */
export interface LintContext extends EvalContext {
  /** Stored requests of the file, when the caller has them (lints like broad-catch-all cite them). */
  requests?: Array<{ name: string; request: unknown }>;
  /** The file's analysis clock; lints that reach the automata stop at it (default: a fresh per-file budget). */
  deadline?: Deadline;
  /** Where a fresh per-file budget reads its time (default: the process's clocks; sliced work lends its own). */
  clock?: WorkClock;
}

/**
 * One agent's rule format and its exact decision semantics. Everything here is synchronous and
 * never throws on bad input: problems come back as findings.
 */
export interface Dialect<RS extends RuleSet = RuleSet, Q = unknown> {
  readonly id: DialectId;
  readonly title: string;
  /** The dialect's own decision words accepted in `expect`, mapped to normalized decisions. */
  readonly nativeDecisions: Readonly<Record<string, Decision>>;
  /** The request fields this dialect reads (for validation and completion). */
  readonly requestFields: readonly string[];
  /**
   * One-time asynchronous setup (loading a WebAssembly parser); evaluation stays synchronous after
   * it. Hosts await `initDialects()` once before evaluating.
   */
  init?(): Promise<void>;
  /** How sure this dialect is that the file is one of its own: 0 = not mine, higher = surer. */
  detect(file: FileInfo): number;
  parse(file: FileInfo, ctx?: EvalContext): RS;
  /**
   * Optional fast path for comparing versions: the parse of `file` read off `near`, a parse of a
   * text that differs from it only a little (the git base of the file being edited), or undefined
   * whenever it cannot say (the caller then parses). See `Reparse`.
   */
  reparse?(near: RS, file: FileInfo, ctx?: EvalContext): Reparse<RS> | undefined;
  /**
   * Reads the dialect fields of one stored request object. Unknown or ill-typed fields are
   * `request-invalid` findings with exact ranges; `request` is undefined when it cannot be run.
   */
  readRequest(obj: Node, source: SourceText): { request?: Q; findings: Finding[] };
  /**
   * Optional fast path: the same request read from an entry's `JSON.parse` value, or undefined
   * whenever `readRequest` would report anything (the caller then runs `readRequest`).
   */
  readRequestValue?(value: Readonly<Record<string, unknown>>): Q | undefined;
  evaluate(rs: RS, request: Q, ctx?: EvalContext): Verdict;
  /** Lints beyond the schema (the analysis adds to these). */
  lint?(rs: RS, ctx?: LintContext): Finding[];
  /** `lint` as steps (see `Steps`), for lints long enough to run in slices; the findings are the same. */
  lintSteps?(rs: RS, ctx?: LintContext): Steps<Finding[]>;
  /** A short one-line description of a request for listings ("edit docs/a.md, secrets/x"). */
  describeRequest(request: Q): string;
  /**
   * How comments are written in this rule file, when the agent reads it with comments (`//` in
   * OpenCode's JSONC, `#` in YAML, TOML and Starlark); undefined when it reads the file strictly
   * (Claude Code's settings are JSON.parse'd). Suppressions then go in a comment
   * (`rulelens-disable-next-line <lint>`), else in `.rulelens.json`.
   */
  comments?(path: string): CommentStyle | undefined;

  // Optional capabilities. The generic layers (compiled/, analysis/, diff/, history/, translate/,
  // requests/, the server and the CLI) ask for these and never test a dialect's id: a dialect
  // without one simply lacks the feature, and says so where it matters (e.g. a diff note).

  /** An indexed evaluator for files with many requests (see `FastEvaluation`). */
  readonly fast?: FastEvaluation<RS>;
  /** Lints proved on the pattern automata, and witnesses for the rules they speak of. */
  readonly analysis?: RuleAnalysis<RS>;
  /** Requests no stored request covers whose decision flips between two versions (`diff`). */
  readonly witnesses?: WitnessSearch<RS>;
  /** Agent history: observed calls as this dialect's requests, read back, and rules suggested from them. */
  readonly history?: HistoryCapability<RS>;
  /** Rules carried to or from other agents through the neutral form. */
  readonly translation?: TranslationCapability<RS>;
  /** Checks of stored requests beyond `readRequest`'s, which need the rules or the agent's vocabulary. */
  readonly requestChecks?: RequestChecks<RS>;
  /** Words an editor offers in this dialect's files and requests. */
  readonly vocabulary?: Vocabulary;
  /** Records beside a rule file that a comparison re-judges under both versions (Bounds: the ledger). */
  readonly recordedSteps?: RecordedSteps<RS>;
  /**
   * The agent reads this file as one part of a policy (settings layers, every rules file of a
   * folder, merged configs): hosts ask it which files belong together and parse them as one.
   */
  readonly policy?: PolicyCapability<RS>;
  /**
   * The agent's own request for a neutral call (`requests/neutral.ts`): "run this shell command"
   * becomes `Bash` here, `run_shell_command` there. `unsupported` says why the agent has no rule
   * that decides such a call (Codex's rules judge commands only), so the caller says so rather
   * than claim a decision.
   * @example claude.neutralRequest!({ kind: 'read', path: '.env' }) // { request: { tool: 'Read', path: '.env' } }
   */
  neutralRequest?(request: NeutralRequest): DialectRequest<Q>;
  /**
   * Neutral calls a rule of this file speaks of (`Bash(git push:*)` → `git push`, `Read(./.env)` →
   * read `.env` and `cat .env`): the witnesses `agents-disagree` asks every other agent about.
   * Each is only a candidate: the caller confirms with `evaluate` that this policy decides it.
   * @example claude.neutralWitnesses!(rs, rs.rules[0]) // [{ kind: 'read', path: '.env' }, { kind: 'shell', command: 'cat .env' }]
   */
  neutralWitnesses?(rs: RS, rule: RS['rules'][number]): NeutralRequest[];
  /**
   * An edit of this file adding one rule that decides a neutral call as `decision`: what "Make
   * <agent> agree" applies (another agent denies or asks the call), and what `translate` writes a
   * file with, rule by rule. Undefined when this agent has no such rule to write. Only a proposal:
   * the caller re-parses the edited policy and decides the call again.
   * @example codex.ruleEdit!(rs, { kind: 'shell', command: 'git push' }, 'deny')?.rule // 'prefix_rule(pattern=["git", "push"], decision="forbidden")'
   */
  ruleEdit?(rs: RS, request: NeutralRequest, decision: Decision): RuleEdit | undefined;
  /**
   * Which of two matching rules decides: the `later` one in the file (OpenCode), the `earlier` one
   * (oh-my-pi's first applicable entry), the one of higher `priority` (Gemini; `ruleEdit` gives an
   * added rule the highest), or the `stricter` one whatever the order (Claude Code's tiers, Codex).
   * `translate` writes rules in the order that keeps the source's winner.
   */
  readonly precedence?: 'later' | 'earlier' | 'priority' | 'stricter';
}

/** A rule added to a file: as written (for the action's title), and the offset edits of the file's text that add it. */
export interface RuleEdit {
  rule: string;
  edits: Array<{ start: number; end: number; text: string }>;
}

/**
 * A dialect's indexed evaluator: the parse prepared once, then each request costs time that depends
 * on the request, not on the number of rules. It must decide exactly as `evaluate`, verdict and
 * trace alike (property tests compare the two); `compiled/` calls it from `COMPILE_FROM_REQUESTS`
 * requests on.
 * @example
 * const evaluate = opencode.fast!.compile(rs);
 * evaluate({ action: 'edit', resources: ['secrets/a'] }, {}).decision // 'deny', as evaluateOpencode says
 */
export interface FastEvaluation<RS extends RuleSet = RuleSet> {
  compile(rs: RS): (request: unknown, ctx: EvalContext) => Verdict;
}

/**
 * Findings proved on the pattern automata (shadowed and overridden denies, dead rules, broad
 * catch-alls), within `deadline`; past it, one `analysis-budget` finding names the rule left
 * unanalysed. Never throws for a budget.
 * @example opencode.analysis!.lint(rs, {}, new Deadline()).map((f) => f.code) // ['shadowed-deny']
 */
export interface RuleAnalysis<RS extends RuleSet = RuleSet> {
  lint(rs: RS, ctx: LintContext, deadline: Deadline): Finding[];
  /** `lint` as steps (see `Steps`); the findings are the same. */
  lintSteps?(rs: RS, ctx: LintContext, deadline: Deadline): Steps<Finding[]>;
  /**
   * One request (in this dialect's request shape) that rule `ruleIndex` decides, proved on the
   * automata within `deadline` (default: a per-file budget); undefined when the rule decides
   * nothing or the budget ran out.
   * @example opencode.analysis!.witness(rs, 2) // { action: 'edit', resources: ['secrets/a'] }
   */
  witness?(rs: RS, ruleIndex: number, deadline?: Deadline): unknown;
}

/**
 * Searches two versions of one file for requests whose decision flips and that no stored request
 * (`known`) already shows. Every flip is confirmed by evaluating its witness under both versions.
 * Notes explain; `unsearched` says what the search could not examine (a time limit, a pattern it
 * cannot produce a request for): a budgeted `diff` fails on it, since silence is never safety.
 * @example opencode.witnesses!.flips(base, current, []).flips[0] // { kind: 'witness', request: 'edit secrets/a', … }
 */
export interface WitnessSearch<RS extends RuleSet = RuleSet> {
  flips(base: RS, current: RS, known: Flip[], options?: WitnessOptions): WitnessResult;
  /**
   * The same search in slices: each `next()` does a bounded piece of work and the generator
   * returns the result, so a host can interleave it with other work or drop it for a newer
   * version. The deadline still bounds the whole; `flips` is this run to its end.
   * @example const it = claude.witnesses!.slices!(base, current, []); let r; while (!(r = it.next()).done); r.value.flips
   */
  slices?(base: RS, current: RS, known: Flip[], options?: WitnessOptions): Generator<void, WitnessResult, void>;
}

/** What a witness search runs under: the evaluation context and the clock that bounds it. */
export interface WitnessOptions {
  ctx?: EvalContext;
  /** The search's budget (default: a fresh per-file `Deadline`); past it, `unsearched` says what was left. */
  deadline?: Deadline;
}

/** Flips found by a witness search, with notes and what it could not examine. */
export interface WitnessResult {
  flips: Flip[];
  notes: string[];
  /** What was not searched (empty or absent: the search ran to its end over every changed rule). */
  unsearched?: string[];
}

/** One observed tool call in the neutral, agent-independent shape history readers produce. */
export type ObservedCall = HistoryEntry['call'];

/**
 * Agent history as this dialect's requests. `requestFields` is what `rulelens import` writes for
 * each distinct call; `storedCall` reads such a request back; `suggest` rewrites the rule file
 * from the calls, proved against every one of them.
 * @example claude.history!.requestFields({ tool: 'Bash', command: 'ls', outcome: 'approved', format: 'claude-session' }) // { tool: 'Bash', command: 'ls' }
 */
export interface HistoryCapability<RS extends RuleSet = RuleSet> {
  /** The request fields a call becomes in this dialect, or why it has no such request. */
  requestFields(call: ObservedCall): Record<string, unknown> | string;
  /**
   * The neutral call a stored request in this dialect's shape describes, with how specific the
   * shape's claim is (more fields pinned: higher); the most specific claim among the dialects
   * wins, as detection does. Undefined when the fields are not this dialect's shape; `call`
   * undefined when they are, but describe no call (the request is then skipped).
   * @example opencode.history!.storedCall({ action: 'bash', resources: ['ls'] }) // { call: { tool: 'Bash', command: 'ls' }, specificity: 3 }
   */
  storedCall?(fields: Readonly<Record<string, unknown>>): { call: StoredCall | undefined; specificity: number } | undefined;
  /**
   * The least-privilege rewrite of the rule file (`text`, parsed as `rs`) from observed calls:
   * every rule proved with the evaluator against every call. `parse` parses a candidate text.
   * With `scope`, only that broad rule is rewritten, in place (see `SuggestScope`).
   */
  suggest?(dialect: AnyDialect, rs: RS, text: string, parse: (text: string) => RS, entries: readonly HistoryEntry[], ctx: EvalContext, scope?: SuggestScope): Suggestion;
  /**
   * How `suggest` names `rule` in its `replaces` when the rule is a broad allow of this file it
   * may tighten (`Bash(npm *)`); undefined for any other rule. The editor offers
   * "Tighten from history" on these.
   */
  broadRule?(rs: RS, rule: RS['rules'][number]): string | undefined;
}

/** The neutral call fields a stored request gives back (the outcome and origin come from `observed`). */
export type StoredCall = Pick<Observation, 'tool' | 'command' | 'path' | 'url' | 'input' | 'mode' | 'cwd'>;

/**
 * Translation through the neutral form (`translate/neutral.ts`): a source reads its file's own
 * rules out with `toNeutral`; a target writes them with `fromNeutral` and checks the result
 * against `NeutralRules.decideCommand` or proves it on the automata.
 * @example
 * const n = opencode.translation!.toNeutral!(rs);
 * codex.translation!.fromNeutral!(n) // { kind: 'file', text: 'prefix_rule(…)', flips: [], … }
 */
export interface TranslationCapability<RS extends RuleSet = RuleSet> {
  /** The file's own rules (no built-in layers) in the neutral form. */
  toNeutral?(rs: RS): NeutralRules;
  /** Neutral rules written as this agent's rules, with the check of them. */
  fromNeutral?(rules: NeutralRules): Translated;
  /**
   * What `fromNeutral` writes, known before any file is read: a rule file (the CLI prints it with
   * its check) or a settings object (the CLI prints it alone on stdout, the report on stderr).
   */
  readonly writes?: Translated['kind'];
}

/**
 * Checks of a stored request that `readRequest` cannot make alone.
 * @example claude.requestChecks!.fieldValues!(item, source) // [request-invalid: unknown tool "bash" … did you mean "Bash"?]
 */
export interface RequestChecks<RS extends RuleSet = RuleSet> {
  /** Field values the agent would never send (a mis-cased tool name), as `request-invalid` findings. */
  fieldValues?(item: Node, source: SourceText): Finding[];
  /**
   * A request only the rules show to be impossible (an agent the config does not have), as a
   * warning; the request still runs, and the engine decides it.
   */
  againstRules?(rs: RS, stored: StoredRequest): Finding | undefined;
}

/**
 * Words worth offering while a person edits this dialect's files and requests.
 * @example opencode.vocabulary!.values.action // ['read', 'edit', …]
 */
export interface Vocabulary {
  /** A starting point and first checks for a request typed in the editor (sent to it as data). */
  readonly requestInput?: RequestInputHelp;
  /** Values per key in this dialect's own files and requests (`mode` → the agent's modes). */
  readonly values: Readonly<Record<string, readonly string[]>>;
  /**
   * Values per key offered in any file, whatever its dialect: keys whose names only this dialect
   * uses (`approvalMode`), so offering them elsewhere does no harm.
   */
  readonly everywhere?: Readonly<Record<string, readonly string[]>>;
  /**
   * Completion at a JSON path of a rule file, before the key tables: words and whether they are
   * keys or values; `{ words: [] }` ends the search with nothing; undefined leaves it to the tables.
   */
  ruleFileWords?(path: ReadonlyArray<string | number>, atKey: boolean): { words: readonly string[]; kind: 'key' | 'value' } | undefined;
}

/**
 * Records of real decisions kept beside a rule file (Bounds' ledger of judged steps), which a
 * comparison of two versions re-judges under both. `S` is one record as `read` returns it.
 * @example boundsRules.recordedSteps!.fileBeside('/p/.attesso/rules.json') // '/p/.attesso/ledger.jsonl'
 */
export interface RecordedSteps<RS extends RuleSet = RuleSet, S = unknown> {
  /** What the records are called in reports ("ledger"). */
  readonly name: string;
  /** The records file a rule file keeps beside it. */
  fileBeside(rulePath: string): string;
  /** The records of a file's text, and one finding per unreadable line (skipped, never silently). */
  read(text: string): { steps: S[]; findings: Finding[] };
  /** The records whose decision differs between the two versions (`kind: 'ledger'` flips). */
  flips(steps: readonly S[], base: RS, current: RS): Flip[];
}

/** What a host lends a dialect to find a file's policy: reads that see unsaved editor buffers. */
export interface PolicyHost {
  /** The file's text, or undefined when it does not exist or cannot be read. */
  readFile(path: string): string | undefined;
  /**
   * What a folder holds directly, sorted by name: regular files and folders (a symbolic link is
   * `link`, never followed); undefined when it cannot be listed.
   */
  list?(dir: string): Array<{ name: string; kind: 'file' | 'dir' | 'link' }> | undefined;
}

/** One file of a policy: where it is, the layer it is for people, and its text when read. */
export interface PolicyMember {
  path: string;
  layer: string;
  /** The text, when the file exists; undefined for a file the agent would read that is absent. */
  text?: string;
}

/**
 * A dialect whose agent decides with several files at once: it finds them and parses them as one
 * rule set, each rule carrying its file (`Rule.file`), line and layer (`Rule.layer`, or the rule
 * set's `layerName` for the checked file's own rules).
 */
export interface PolicyCapability<RS extends RuleSet = RuleSet> {
  /**
   * The other files the agent loads with `file` for its project, in the agent's load order, each
   * with its layer; layers named in `ctx` (user settings, a global config) are not listed here:
   * `parse` reads them from `ctx` as it does today. Pure: every read goes through `host`.
   */
  members(file: FileInfo, host: PolicyHost, ctx: EvalContext): PolicyMember[];
  /** The checked file with its members, as the agent merges them. Never throws. */
  parse(file: FileInfo, members: PolicyMember[], ctx: EvalContext): RS;
}

/**
 * A parse read off a nearby one. Its rules decide exactly as `parse(file)`'s do, rule for rule, but
 * the rules the two texts share are `near`'s own objects, so their places are `near`'s text's:
 * use it for decisions and rule numbers, never for ranges.
 */
export interface Reparse<RS extends RuleSet = RuleSet> {
  ruleSet: RS;
  /**
   * True only when the request is decided exactly as under `near`, verdict and deciding rules
   * alike: no rule that differs between the two can match it. False when unsure.
   */
  decidesAlike(request: unknown): boolean;
}

export type AnyDialect = Dialect<RuleSet<Rule>, unknown>;
