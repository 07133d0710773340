import type { EvalContext, TraceRow, TraceSection, Verdict } from '../../model';
import { mcpServerOf, MCP_PREFIX } from './mcp';
import { heuristicWords, isDangerous } from './heuristics';
import { hasRedirection, MARKER_NAMES, shellDetails, shellParseRefusal, stripShellWrapper } from './shell';
import { stableArgs } from './stable-json';
import { isKnownSafe, type SafeContext } from './known-safe';
import { posix } from 'path';
import { SHELL_TOOL_NAMES, TIERS, type GeminiMode, type GeminiNative, type GeminiRequest, type GeminiRule, type GeminiRuleSet } from './types';

const NORMAL: Record<GeminiNative, 'allow' | 'ask' | 'deny'> = { allow: 'allow', ask_user: 'ask', deny: 'deny' };
const RANK: Record<GeminiNative, number> = { allow: 0, ask_user: 1, deny: 2 };
/** The workspace assumed when none is known: a folder no absolute path of a request lies in. */
export const UNKNOWN_WORKSPACE = '/\u0000unknown-workspace';

/** A script's commands, as Gemini's tree-sitter splitter gives them (markers left out). */
function splitScript(script: string): string[] | undefined {
  const parsed = shellDetails(script);
  if (!parsed || parsed.hasError) return undefined;
  return parsed.details.filter((d) => !MARKER_NAMES.has(d.name)).map((d) => d.text);
}

/** Sub-command checks nest (wrappers inside substitutions…); Gemini has no limit, a hostile string must end. */
export const MAX_DEPTH = 16;
/**
 * Nested substitutions make Gemini re-check inner commands once per enclosing level (exponential
 * in the nesting); past this many checks RuleLens stops and answers at most ask_user.
 */
export const MAX_CHECKS = 2000;
/**
 * Command text one evaluation may read, per unit of the request's own command: each nested check
 * parses its sub-command's text again, so a command of thousands of nested `$(` is quadratically
 * much text. Past it a check only looks for a denying rule (as past MAX_CHECKS), and once that
 * text is spent too the sub-commands left are not looked at: at most ask_user.
 */
export const MAX_PARSED_PER_UNIT = 8;
/** Text any command may read on top of MAX_PARSED_PER_UNIT times its length, so short ones never stop. */
const PARSE_ALLOWANCE = 65_536;
/** A trace shows at most this many sub-command sections. */
export const MAX_TRACE_SECTIONS = 200;

/**
 * What Gemini's built-in default policies (tier 1) decide for a tool no rule of this file matches,
 * for the shell tool: yolo allows everything (redirection too), plan mode denies execution,
 * otherwise ask_user when interactive and deny when not.
 * @example builtinDecision({ tool: 'run_shell_command', args: {}, mode: 'default', interactive: true }) // 'ask_user'
 */
export function builtinDecision(req: Pick<GeminiRequest, 'mode' | 'interactive' | 'fallback'>): GeminiNative {
  if (req.fallback) return req.fallback;
  if (req.mode === 'yolo') return 'allow';
  if (req.mode === 'plan') return 'deny';
  return req.interactive ? 'ask_user' : 'deny';
}

function builtinRule(req: GeminiRequest, index: number): GeminiRule {
  const native = builtinDecision(req);
  return {
    index,
    id: null,
    decision: NORMAL[native],
    native,
    label: `built-in default policies → ${native}${req.fallback ? ' (fallback)' : ''}`,
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    table: -1,
    toolName: '*',
    priority: 0,
    effective: TIERS.default,
    allowRedirection: req.mode === 'yolo',
    at: {},
    builtin: true,
  };
}

/** Gemini also tries a tool's legacy names (renamed tools keep their old rules working). */
const LEGACY_ALIASES: Record<string, string> = { search_file_content: 'grep_search' };

/** Every name in the aliases, old and new: any other name is only itself. */
const ALIASED = new Set([...Object.keys(LEGACY_ALIASES), ...Object.values(LEGACY_ALIASES)]);

function aliasesOf(name: string): string[] {
  // Called for every rule of every check: a name with no alias allocates nothing.
  if (!ALIASED.has(name)) return [name];
  const canonical = LEGACY_ALIASES[name] ?? name;
  const out = new Set([name, canonical]);
  for (const [legacy, current] of Object.entries(LEGACY_ALIASES)) if (current === canonical) out.add(legacy);
  return [...out];
}

function toolMatches(rule: GeminiRule, name: string, server: string | undefined): boolean {
  if (!ALIASED.has(name)) return toolMatchesOne(rule, name, server);
  return aliasesOf(name).some((n) => toolMatchesOne(rule, n, server));
}

function toolMatchesOne(rule: GeminiRule, name: string, server: string | undefined): boolean {
  const p = rule.toolName;
  if (p === '*') return true;
  if (p.includes('*')) {
    if (p === `${MCP_PREFIX}*`) return server !== undefined;
    if (p.startsWith(MCP_PREFIX) && p.endsWith('_*')) {
      const want = p.slice(MCP_PREFIX.length, -2);
      return server !== undefined && server === want && name.startsWith(`${MCP_PREFIX}${want}_`);
    }
    return name === p;
  }
  if (name === p) return true;
  if (!server) return false;
  if (rule.mcpName && !p.startsWith(MCP_PREFIX) && name === `${MCP_PREFIX}${rule.mcpName}_${p}`) return true;
  return p.startsWith(MCP_PREFIX) && p === `${MCP_PREFIX}${server}_${name}`;
}

interface Call {
  tool: string;
  args: Record<string, unknown>;
}

/** Which columns of one rule matched a call: mode, tool, args, interactive. */
function ruleColumns(rule: GeminiRule, call: Call, req: GeminiRequest, server: string | undefined, stringified: string): (boolean | null)[] {
  const mode = !rule.modes || rule.modes.length === 0 || rule.modes.includes(req.mode);
  const who = (rule.subagent === undefined || rule.subagent === req.subagent) && (rule.mcpName === undefined || (rule.mcpName === '*' ? server !== undefined : server === rule.mcpName));
  const annotations = !rule.toolAnnotations || (req.annotations !== undefined && Object.entries(rule.toolAnnotations).every(([k, v]) => req.annotations![k] === v));
  const tool = who && annotations && toolMatches(rule, call.tool, server);
  // null: the pattern could not be decided (over the matcher's budget); the rule is passed over and the outcome capped.
  const args = !rule.argsPattern ? true : call.args !== undefined && (rule.argsPattern.test(stringified) ?? null);
  const inter = rule.interactive === undefined || rule.interactive === req.interactive;
  return [mode, tool, args, inter];
}

/** Whether one rule matches a call, columns in the order that costs least: the pattern last, only when the rest match; null when it went undecided. */
function ruleMatchesLean(rule: GeminiRule, call: Call, req: GeminiRequest, server: string | undefined, stringified = ''): boolean | null {
  if (rule.modes && rule.modes.length > 0 && !rule.modes.includes(req.mode)) return false;
  if (rule.interactive !== undefined && rule.interactive !== req.interactive) return false;
  if (rule.subagent !== undefined && rule.subagent !== req.subagent) return false;
  if (rule.mcpName !== undefined && !(rule.mcpName === '*' ? server !== undefined : server === rule.mcpName)) return false;
  if (rule.toolAnnotations && !(req.annotations !== undefined && Object.entries(rule.toolAnnotations).every(([k, v]) => req.annotations![k] === v))) return false;
  if (!toolMatches(rule, call.tool, server)) return false;
  if (!rule.argsPattern) return true;
  if (call.args === undefined) return false;
  return rule.argsPattern.test(stringified) ?? null;
}

/**
 * Whether a rule matches a request as a whole, on every column (the first check of
 * `evaluateGemini`); null when its pattern went undecided. A rule that does not is never the one
 * an allow of the request comes from: sub-commands only make a decision stricter.
 * @example ruleMatchesRequest(rs.rules[0], { tool: 'run_shell_command', args: { command: 'git status' }, mode: 'default', interactive: true })
 */
export function ruleMatchesRequest(rule: GeminiRule, req: GeminiRequest): boolean | null {
  const explicitServer = req.server ?? (typeof req.annotations?._serverName === 'string' ? req.annotations._serverName : undefined);
  const server = explicitServer ?? mcpServerOf(req.tool);
  return ruleMatchesLean(rule, { tool: req.tool, args: req.args }, req, server, stableArgs(req.args));
}

/** Calls (tool, server, mode, …) whose candidate rules are kept per rule list; past it the list starts over. */
export const MAX_LEAN_CALL_SHAPES = 256;
/** Per rule list (a parse's `ordered`, never changed once made): per call shape, the rules whose columns but the pattern match it. */
const leanCandidates = new WeakMap<readonly GeminiRule[], Map<string, GeminiRule[]>>();

/**
 * The rules, in order, that match a call on every column but the pattern: the only ones a lean
 * check has to look at (every other rule fails `ruleMatchesLean` before its pattern is tested).
 */
function candidatesFor(ordered: readonly GeminiRule[], call: Call, req: GeminiRequest, server: string | undefined): readonly GeminiRule[] {
  let shapes = leanCandidates.get(ordered);
  if (!shapes) leanCandidates.set(ordered, (shapes = new Map()));
  const key = JSON.stringify([call.tool, server ?? null, req.mode, req.interactive, req.subagent ?? null, req.annotations ?? null]);
  let list = shapes.get(key);
  if (!list) {
    if (shapes.size >= MAX_LEAN_CALL_SHAPES) shapes.clear();
    list = ordered.filter((r) => ruleMatchesLean({ ...r, argsPattern: undefined }, call, req, server) === true);
    shapes.set(key, list);
  }
  return list;
}

export interface GeminiEvalOptions {
  /**
   * Decide without the trace's row per rule tried (default false): each section keeps only the
   * row of the rule that matched, and a rule's pattern is tested only when its other columns
   * match. The decision, the rule and every section's controlling rule and branch are the same;
   * for the lints, which ask thousands of questions and read only those.
   */
  lean?: boolean;
}

interface Outcome {
  native: GeminiNative;
  rule: GeminiRule | undefined;
}

/**
 * Gemini CLI's decision for a tool call: rules in descending effective priority, the first match
 * decides; for shell commands a non-deny match is re-checked per sub-command (including `$(...)`,
 * backticks, subshells and `bash -c` payloads) — any deny denies, any ask asks — and redirection
 * turns an allow into ask_user unless the rule allows redirection or the mode is autoEdit/yolo.
 * @example evaluateGemini(rs, { tool: 'run_shell_command', args: { command: 'git status' }, mode: 'default', interactive: true }).native
 */
export function evaluateGemini(rs: GeminiRuleSet, req: GeminiRequest, ctx: EvalContext = {}, opts: GeminiEvalOptions = {}): Verdict {
  const lean = opts.lean === true;
  const sections: TraceSection[] = [];
  const notes: string[] = [];
  // A dropped file has no rules of its own; with a policy, its folder's other files still apply.
  const candidates = rs.ordered;
  const builtin = builtinRule(req, rs.rules.length);
  if (rs.dropped) notes.push('Gemini skips this whole file (it has a TOML or schema error): none of its rules apply');
  notes.push(`tier ${rs.tier} (${TIERS[rs.tier]}): effective priority = ${TIERS[rs.tier]} + priority/1000; the built-in default policies (tier 1) come after every rule of this file`);
  if (req.fallback) notes.push(`fallback: built-in policies decide ${req.fallback} for what no rule here matches`);
  const isShell = SHELL_TOOL_NAMES.includes(req.tool);
  const explicitServer = req.server ?? (typeof req.annotations?._serverName === 'string' ? req.annotations._serverName : undefined);
  const server = explicitServer ?? mcpServerOf(req.tool);

  // Where the command runs, for the known-safe heuristic: the workspace is the project root; an
  // unknown one stands for a folder no absolute path lies in (fail closed).
  const workspace = ctx.root ?? UNKNOWN_WORKSPACE;
  const dirPath = typeof req.args?.dir_path === 'string' ? req.args.dir_path : undefined;
  const safe: SafeContext = { workspace, cwd: dirPath ? posix.resolve(workspace, dirPath) : workspace, home: ctx.home, fs: ctx.fs };
  const outsideWorkspace = safe.cwd !== workspace && posix.relative(workspace, safe.cwd).startsWith('..');

  const downgrade = (command: string, allowRedirection: boolean | undefined): boolean =>
    !allowRedirection && req.mode !== 'autoEdit' && req.mode !== 'yolo' && hasRedirection(command);

  let checks = 0;
  let truncated = false;
  const rootCommand = isShell && typeof req.args?.command === 'string' ? req.args.command : '';
  let parseLeft = MAX_PARSED_PER_UNIT * rootCommand.length + PARSE_ALLOWANCE;
  const check = (call: Call, depth: number, kind: string): Outcome => {
    // Every check spends its text, also one past the budget: the deny scan below reads it too.
    parseLeft -= isShell && typeof call.args?.command === 'string' ? call.args.command.length : 0;
    if (++checks > MAX_CHECKS || parseLeft < 0) {
      // Past the budget: the first matching rule still denies, nothing is allowed.
      truncated = true;
      const str = stableArgs(call.args);
      const hit = candidates.find((r) => ruleColumns(r, call, req, server, str).every(Boolean));
      return hit?.native === 'deny' ? { native: 'deny', rule: hit } : { native: 'ask_user', rule: undefined };
    }
    const command = isShell && typeof call.args?.command === 'string' ? call.args.command : undefined;
    const stringified = stableArgs(call.args);
    const rows: TraceRow[] = [];
    let matched: GeminiRule | undefined;
    let undecided: GeminiRule | undefined;
    const scanned = lean ? candidatesFor(candidates, call, req, server) : candidates;
    for (let k = 0; k <= scanned.length && !matched; k++) {
      const r = k < scanned.length ? scanned[k] : builtin;
      if (lean) {
        // Every column but the pattern matches already (`candidatesFor`): only the pattern is left.
        const hit = r.builtin || !r.argsPattern ? true : call.args !== undefined && (r.argsPattern.test(stringified) ?? null);
        if (hit === null) undecided ??= r;
        else if (hit) {
          matched = r;
          rows.push({ rule: r.index, label: r.label, matches: [true, true, true, true] });
        }
        continue;
      }
      const cols = r.builtin ? [true, true, true, true] : ruleColumns(r, call, req, server, stringified);
      const open = cols[2] === null && cols[0] === true && cols[1] === true && cols[3] === true;
      rows.push({ rule: r.index, label: r.label, matches: cols, ...(open ? { note: `undecided: ${r.argsPattern?.undecidable ?? "the pattern's match was not decided within the matcher's budget"}` } : {}) });
      if (open) undecided ??= r;
      if (cols.every(Boolean)) matched = r;
    }
    // Equal priorities from different files of the folder: the engine tries them in the folder's
    // listing order, which the file system decides. Take the strictest tied match (fail closed).
    if (matched && !matched.builtin) {
      const m0 = matched;
      const tied = candidates.filter((r) => r !== m0 && r.effective === m0.effective && r.file !== m0.file && RANK[r.native] > RANK[m0.native] && ruleColumns(r, call, req, server, stringified).every(Boolean));
      const worst = tied.sort((a, b) => RANK[b.native] - RANK[a.native])[0];
      if (worst) {
        notes.push(`rules ${m0.index + 1} and ${worst.index + 1} tie at priority ${m0.effective.toFixed(3)} in different files: Gemini tries them in the folder's listing order, which the file system decides; RuleLens takes the stricter (${worst.native})`);
        matched = worst;
        if (!rows.some((x) => x.rule === worst.index)) rows.push({ rule: worst.index, label: worst.label, matches: [true, true, true, true] });
      }
    }
    const section: TraceSection = {
      kind,
      subject: command ?? call.tool,
      columns: ['mode', 'tool', 'args', 'interactive'],
      rows,
      controlling: matched && !matched.builtin ? matched.index : null,
      decision: null,
      branch: '',
    };
    sections.push(section);
    const m = matched!;
    const hitRow = rows[rows.length - 1];
    hitRow.note = m.builtin ? 'no rule of this file matched: the built-in default policies decide' : `first match in priority order (${m.effective.toFixed(3)})`;
    let out: Outcome = { native: m.native, rule: m.builtin ? undefined : m };
    let start: GeminiNative = m.native;
    // Gemini's heuristics run once, on the whole command, when the rule names only the tool
    // (policy-engine.js `applyShellHeuristics`).
    if (depth === 0 && isShell && command && m.commandPrefix === undefined && !m.argsPattern && start !== 'deny') {
      if (outsideWorkspace && req.mode !== 'yolo') {
        start = 'ask_user';
        notes.push(`the command runs in ${safe.cwd}, outside the workspace: Gemini asks`);
      } else if (req.mode !== 'yolo' && isDangerous(heuristicWords(command))) {
        start = 'ask_user';
        notes.push(`"${command}" is a dangerous command by Gemini's heuristic (rm -f, find -exec, git -c, …): at most ask_user outside yolo`);
      } else if (start === 'ask_user' && isKnownSafe(command, safe, splitScript)) {
        start = 'allow';
        notes.push(`"${command}" is known safe by Gemini's heuristic (read-only, every path inside the workspace ${safe.workspace}): ask_user becomes allow`);
      }
    }
    if (isShell && command !== undefined && command !== '') out = checkShell(command, { ...m, native: start }, depth, section, m);
    else if (isShell && command === undefined && !m.builtin) section.branch = `first match decides ${m.native}`;
    if (!section.branch) section.branch = `${m.builtin ? 'built-in default' : 'first match'} decides ${out.native}`;
    // A higher rule whose pattern went undecided might have matched first: never an allow then.
    if (undecided && out.native === 'allow') {
      section.branch += `; rule ${undecided.index + 1} comes first and its pattern went undecided: at most ask_user (fail closed)`;
      out = { native: 'ask_user', rule: undefined };
    }
    section.decision = NORMAL[out.native];
    // The line names the rule its decision comes from: a sub-command's deny, not the allow the
    // whole line matched first (null when no rule of the file is responsible, as when capped above).
    if (out.rule !== (m.builtin ? undefined : m)) section.controlling = out.rule ? out.rule.index : null;
    return out;
  };

  const checkShell = (command: string, m: GeminiRule, depth: number, section: TraceSection, original: GeminiRule): Outcome => {
    const ruleRef = original.builtin ? undefined : original;
    // Not read at all (too costly to parse) is not Gemini's "does not parse": RuleLens never allows it.
    const costly = shellParseRefusal(command);
    if (costly !== undefined) {
      if (!notes.includes(costly)) notes.push(costly);
      if (m.native === 'deny') {
        section.branch = `${costly}; the matched rule denies, which stands`;
        return { native: 'deny', rule: ruleRef };
      }
      section.branch = `${costly}; at most ask_user`;
      return { native: 'ask_user', rule: m.native === 'ask_user' ? ruleRef : undefined };
    }
    const parsed = shellDetails(command);
    if (!parsed || parsed.details.length === 0 || parsed.hasError) {
      if (m.native === 'deny') {
        section.branch = 'the command does not parse; the matched rule denies, which stands';
        return { native: 'deny', rule: ruleRef };
      }
      if (req.mode === 'yolo') {
        const deny = !!m.argsPattern;
        section.branch = `the command does not parse; yolo ${deny ? 'denies (the rule restricts arguments)' : 'allows'}`;
        return { native: deny ? 'deny' : 'allow', rule: ruleRef };
      }
      const dflt: GeminiNative = req.interactive ? 'ask_user' : 'deny';
      section.branch = `the command does not parse: Gemini falls back to its default (${dflt})`;
      return { native: dflt, rule: ruleRef };
    }
    if (m.native === 'deny') {
      section.branch = 'the matched rule denies';
      return { native: 'deny', rule: ruleRef };
    }
    let agg: GeminiNative = m.native;
    // A decision the heuristics changed is not blamed on the rule.
    let responsible: GeminiRule | undefined = m.native === original.native ? ruleRef : undefined;
    const parts: string[] = [];
    if (downgrade(command, m.allowRedirection) && agg === 'allow') {
      agg = 'ask_user';
      responsible = undefined;
      parts.push('redirection turns allow into ask_user');
    }
    if (depth >= MAX_DEPTH) {
      truncated = true;
      section.branch = `nested more than ${MAX_DEPTH} levels: not checked further, at most ask_user`;
      return { native: agg === 'allow' ? 'ask_user' : agg, rule: undefined };
    }
    for (const d of parsed.details) {
      if (MARKER_NAMES.has(d.name)) continue;
      // Out of text to read: the sub-commands left are not looked at (not even for a deny), at most ask_user.
      if (parseLeft < 0) {
        truncated = true;
        section.branch = `more sub-command text than RuleLens reads (${MAX_PARSED_PER_UNIT}× the command): stopped, at most ask_user`;
        return { native: agg === 'allow' ? 'ask_user' : agg, rule: undefined };
      }
      const sub = d.text.trim();
      const atomic = sub === command || (d.startIndex === 0 && d.text.length === command.length);
      const stripped = stripShellWrapper(sub);
      if (stripped !== sub) {
        const w = check({ tool: req.tool, args: { command: stripped } }, depth + 1, 'wrapped command');
        if (w.native === 'deny') {
          section.branch = `the wrapped command "${stripped}" is denied`;
          return w;
        }
        if (w.native === 'ask_user') {
          responsible = agg === 'allow' ? w.rule : responsible ?? w.rule;
          agg = 'ask_user';
        }
      }
      if (!atomic) {
        const s = check({ tool: req.tool, args: { command: sub } }, depth + 1, 'sub-command');
        if (s.native === 'deny') {
          section.branch = `sub-command "${sub}" is denied`;
          return s;
        }
        if (s.native === 'ask_user') {
          responsible = agg === 'allow' ? s.rule : responsible ?? s.rule;
          agg = 'ask_user';
        }
        if (s.native === 'allow' && downgrade(sub, m.allowRedirection) && agg === 'allow') {
          agg = 'ask_user';
          responsible = undefined;
          parts.push(`sub-command "${sub}" redirects`);
        }
      }
    }
    section.branch = `${m.builtin ? 'built-in default' : 'first match'} ${m.native}; ${parsed.details.filter((d) => !MARKER_NAMES.has(d.name)).length} command(s) checked${parts.length ? `; ${parts.join('; ')}` : ''}: ${agg}`;
    return { native: agg, rule: agg === m.native ? ruleRef : responsible };
  };

  let out = check({ tool: req.tool, args: req.args }, 0, isShell ? 'command' : 'tool call');
  // The CLI's scheduler refuses what would ask in a non-interactive session (scheduler/policy.js
  // `checkPolicy` throws: "requires user confirmation, which is not supported in non-interactive mode").
  if (!req.interactive && out.native === 'ask_user') {
    notes.push('non-interactive session: Gemini CLI cannot ask, so its scheduler refuses the call (ask_user becomes deny)');
    out = { native: 'deny', rule: out.rule };
  }
  if (truncated) notes.push(`the command nests deeper than ${MAX_DEPTH} levels, or needs more than ${MAX_CHECKS} sub-command checks or more than ${MAX_PARSED_PER_UNIT} times its length in sub-commands to parse: RuleLens stopped there and answers at most ask_user`);
  // Only the first sections are kept in the trace of a very long command.
  if (sections.length > MAX_TRACE_SECTIONS) sections.splice(MAX_TRACE_SECTIONS);
  return {
    decision: NORMAL[out.native],
    native: out.native,
    code: null,
    rule: out.rule ? { index: out.rule.index, id: null, label: out.rule.label } : null,
    details: { tier: rs.tier },
    trace: { dialect: 'gemini', branch: sections[0].branch, sections, notes },
  };
}

export type { GeminiMode };
