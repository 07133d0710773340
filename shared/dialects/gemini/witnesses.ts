import { JS, NFA, Words, type NoParent, type Node } from 'refa';
import type { Deadline } from '../../analysis/budget';
import { changedMiddle } from '../../diff/candidates';
import type { Flip } from '../../diff/flips';
import { realisticCommands, REALISTIC_PATHS } from '../../diff/realistic';
import { sliced, type Candidate, type SearchArea, type SearchSpec } from '../../diff/search';
import type { EvalContext, Verdict } from '../../model';
import { evaluateGemini } from './evaluate';
import { MCP_PREFIX } from './mcp';
import { stableArgs } from './stable-json';
import { SHELL_TOOL, SHELL_TOOL_NAMES, type GeminiMode, type GeminiRequest, type GeminiRule, type GeminiRuleSet } from './types';

/**
 * Change impact for Gemini CLI: tool calls decided differently by two versions of a policy file,
 * each confirmed by `evaluateGemini` under both. Rules are tried in priority order and the first
 * match decides, so the rules outside the longest start and end the two orders share are the
 * changed ones; candidates come from their command prefixes, their regular expressions' own words
 * (on the automata), realistic commands, and the tools they name — in each mode they restrict.
 */

/** A rule as both versions compare it: everything that decides what it matches and says. */
const ruleKey = (r: GeminiRule) => JSON.stringify([r.file ?? null, r.toolName, r.native, r.effective, r.argsSource ?? null, r.modes ?? null, r.interactive ?? null, r.allowRedirection ?? null, r.mcpName ?? null, r.subagent ?? null, r.toolAnnotations ?? null]);

/** Tools a `*` rule is tried on, with the arguments each is typically called with. */
const REALISTIC_TOOLS: ReadonlyArray<[string, Record<string, unknown>]> = [
  ['read_file', { file_path: '.env' }],
  ['write_file', { file_path: 'src/index.ts', content: 'x' }],
  ['replace', { file_path: 'src/index.ts', old_string: 'a', new_string: 'b' }],
  ['list_directory', { path: 'src' }],
  ['glob', { pattern: '**/*.ts' }],
  ['grep_search', { pattern: 'TODO' }],
  ['web_fetch', { prompt: 'https://example.com' }],
  ['google_web_search', { query: 'release notes' }],
  ['save_memory', { fact: 'x' }],
  ['mcp_github_create_issue', { title: 'bug' }],
];

/** Word sets read off one regular expression (the shortest first). */
const WORDS_PER_PATTERN = 4;
/** Realistic commands tried against a rule with no command pattern (every command is its own). */
const COMMANDS_FOR_TOOL_RULES = 80;
/** Commands joined by `&&` and redirected: Gemini checks each part and downgrades a redirect. */
const COMPOUND_PARTS = 3;

/**
 * Repeated parts (`*`, `+`, `{2,}`…) an expression may hold to have its words read. Reading the
 * shortest words enumerates paths through every loop, which grows exponentially with their number
 * (20 `.*` exhaust the heap); past this the rule is reported as not searched (see `readLimit`).
 */
export const MAX_READ_REPEATS = 8;

/** How many quantifiers allowing more than one repetition an expression holds, nested ones included. */
function repeatsOf(node: NoParent<Node>): number {
  let n = 0;
  const visit = (x: NoParent<Node>): void => {
    if (x.type === 'Quantifier' && x.max > 1) n++;
    if (x.type === 'Concatenation') for (const e of x.elements) visit(e);
    else if ('alternatives' in x) for (const alt of x.alternatives) visit(alt);
  };
  visit(node);
  return n;
}

/**
 * Why an expression's words are not read, or undefined when they may be (or it cannot be parsed).
 * @example readLimit('.*a'.repeat(200)) // 'its expression repeats 200 parts (more than 8)'
 */
export function readLimit(source: string): string | undefined {
  try {
    const n = repeatsOf(JS.Parser.fromLiteral({ source, flags: '' }).parse().expression);
    return n > MAX_READ_REPEATS ? `its expression repeats ${n} parts (more than ${MAX_READ_REPEATS})` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Readable words of a regular expression, shortest first, read off its automaton (assertions
 * ignored: every word is then checked by the rule's own matcher before it counts); undefined when
 * the expression cannot be read.
 * @example regexWords('"command":"git (push|pull)') // ['"command":"git push', '"command":"git pull']
 */
export function regexWords(source: string, max = WORDS_PER_PATTERN): string[] | undefined {
  try {
    const { expression, maxCharacter } = JS.Parser.fromLiteral({ source, flags: '' }).parse();
    if (repeatsOf(expression) > MAX_READ_REPEATS) return undefined;
    const nfa = NFA.fromRegex(expression, { maxCharacter }, { assertions: 'ignore' }, new NFA.LimitedNodeFactory(10_000));
    const out: string[] = [];
    for (const ws of nfa.wordSets()) {
      out.push(Words.fromUTF16ToString(Words.pickMostReadableWord(ws)));
      if (out.length >= max) break;
    }
    return out;
  } catch {
    return undefined;
  }
}

/** The `"key":"value"` pairs a word of an argument pattern spells, as arguments. */
function argsFromWord(word: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const m of word.matchAll(/"([a-z_]\w*)":"([^"\0]*)/gi)) out[m[1]] = m[2];
  return out;
}

const isShellRule = (r: GeminiRule) => SHELL_TOOL_NAMES.includes(r.toolName) || r.toolName === '*';

/** Whether a rule's argument pattern matches these arguments (a pattern it could not decide counts as no). */
function argsMatch(r: GeminiRule, args: Record<string, unknown>): boolean {
  return !r.argsPattern || r.argsPattern.test(stableArgs(args)) === true;
}

/** Commands for the changed shell rules: their prefixes, their patterns' words, realistic commands (all of them when `every`). */
function shellCommands(changed: readonly GeminiRule[], every = false): string[] {
  const realistic = realisticCommands();
  // Realistic commands of every rule first, so a class's first command (its witness) reads well.
  const out: string[] = every ? [...realistic] : [];
  const made: string[] = [];
  for (const r of changed) {
    if (r.commandPrefix !== undefined) {
      const p = r.commandPrefix;
      for (const c of realistic) if (c === p || c.startsWith(`${p} `)) out.push(c);
      made.push(p, `${p} x`, `${p}x`);
    } else if (r.argsSource !== undefined) {
      for (const c of realistic) if (argsMatch(r, { command: c })) out.push(c);
      for (const w of regexWords(r.argsSource) ?? []) {
        const cmd = argsFromWord(w).command;
        if (typeof cmd === 'string') made.push(cmd, cmd.trimEnd());
      }
    } else out.push(...realistic.slice(0, COMMANDS_FOR_TOOL_RULES));
  }
  return [...new Set([...out, ...made])].filter((c) => c.trim() !== '');
}

/** Arguments for a changed non-shell rule: its pattern's words, a realistic call, none. */
function toolArgs(r: GeminiRule): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  if (r.argsSource !== undefined) for (const w of regexWords(r.argsSource) ?? []) out.push(argsFromWord(w));
  const known = REALISTIC_TOOLS.find(([t]) => t === r.toolName);
  if (known) out.push(known[1]);
  for (const p of REALISTIC_PATHS.slice(0, 2)) out.push({ file_path: p });
  out.push({});
  return out;
}

/** Tool names a changed rule's `toolName` covers. */
function toolNames(r: GeminiRule): string[] {
  const t = r.toolName;
  if (t === '*') return REALISTIC_TOOLS.map(([n]) => n);
  if (t === `${MCP_PREFIX}*`) return ['mcp_github_create_issue'];
  if (t.startsWith(MCP_PREFIX) && t.endsWith('_*')) return [`${t.slice(0, -1)}search`];
  return [t];
}

/** Stands for every tool when the tier or the file's loading changed. */
const ANY_TOOL = { toolName: '*' } as GeminiRule;

/** Whether anything but the rules differs: the tier, or a file Gemini skips whole. */
function settingsDiffer(a: GeminiRuleSet, b: GeminiRuleSet): boolean {
  return a.tier !== b.tier || a.dropped !== b.dropped;
}

/**
 * The search of two Gemini rule sets: shell commands and tool calls for the changed rules, in the
 * default mode and in every mode and interactivity those rules are restricted to.
 * @example runSlices(searchSlices(geminiSearchSpec(base, current, [], new Deadline(), {}))).flips[0].request // 'run_shell_command: git push origin main'
 */
export function geminiSearchSpec(base: GeminiRuleSet, current: GeminiRuleSet, known: readonly Flip[], deadline: Deadline, ctx: EvalContext): SearchSpec<GeminiRuleSet, GeminiRequest> {
  const order = (rs: GeminiRuleSet) => (rs.dropped ? [] : rs.ordered);
  const broad = settingsDiffer(base, current);
  const mid = changedMiddle(order(base), order(current), ruleKey);
  const changed = broad ? [...order(base), ...order(current)] : [...mid.base, ...mid.current];
  const modes: GeminiMode[] = ['default', ...new Set(changed.flatMap((r) => r.modes ?? []))].filter((m, i, all) => all.indexOf(m) === i) as GeminiMode[];
  const interactivity = changed.some((r) => r.interactive !== undefined) ? [true, false] : [true];
  const settings = modes.flatMap((mode) => interactivity.map((interactive) => ({ mode, interactive })));
  const unsearched: string[] = [];
  const group = (q: GeminiRequest) => `${q.tool}${q.mode !== 'default' ? ` [${q.mode}]` : ''}${q.interactive ? '' : ' (non-interactive)'}`;
  const shellRules = changed.filter(isShellRule);
  const otherRules = changed.filter((r) => !isShellRule(r) || r.toolName === '*');
  const areas: SearchArea<GeminiRequest>[] = [];
  if (shellRules.length > 0 || broad) {
    areas.push({
      name: 'shell commands',
      candidates: function* (): Generator<Candidate<GeminiRequest>> {
        const commands = shellCommands(shellRules, broad);
        const parts = commands.filter((c) => !/[;&|<>]/.test(c)).slice(0, COMPOUND_PARTS);
        // A command with itself too: Gemini's known-safe heuristic may allow `git status` with no
        // rule, never `git status && git status`, which a new prefix rule allows part by part.
        const all = [...commands, ...parts.flatMap((a) => parts.map((b) => `${a} && ${b}`)), ...parts.map((c) => `${c} > out.txt`)];
        for (const s of settings) for (const command of all) {
          const q: GeminiRequest = { tool: SHELL_TOOL, args: { command }, ...s };
          yield { request: q, group: group(q) };
        }
      },
    });
  }
  if (otherRules.length > 0 || broad) {
    areas.push({
      name: 'tool calls',
      candidates: function* (): Generator<Candidate<GeminiRequest>> {
        const rules = broad ? [...otherRules, { ...ANY_TOOL }] : otherRules;
        for (const s of settings) for (const r of rules) for (const tool of toolNames(r)) {
          if (SHELL_TOOL_NAMES.includes(tool)) continue;
          for (const args of toolArgs({ ...r, toolName: tool })) {
            const q: GeminiRequest = { tool, args, ...s };
            yield { request: q, group: group(q) };
          }
        }
      },
    });
  }
  // A rule no candidate meets has not been searched: say so rather than pass it in silence.
  for (const r of changed) {
    if (!r.argsPattern || r.commandPrefix !== undefined) continue;
    const limit = r.argsSource !== undefined ? readLimit(r.argsSource) : undefined;
    if (limit) {
      unsearched.push(`rule ${r.index + 1} (${r.label}): ${limit}, too many to read its words; only realistic requests were tried`);
      continue;
    }
    const args = isShellRule(r) && r.toolName !== '*' ? shellCommands([r]).map((command) => ({ command })) : toolArgs(r);
    if (!args.some((a) => argsMatch(r, a))) unsearched.push(`rule ${r.index + 1} (${r.label}): no request matching its pattern was found, so what it decides was not compared`);
  }
  const decide = (q: GeminiRequest): [Verdict, Verdict] => [evaluateGemini(base, q, ctx), evaluateGemini(current, q, ctx)];
  const describe = (q: GeminiRequest) => {
    const what = typeof q.args.command === 'string' && SHELL_TOOL_NAMES.includes(q.tool) ? `${q.tool}: ${q.args.command}` : Object.keys(q.args).length ? `${q.tool} ${JSON.stringify(q.args)}` : q.tool;
    const extra = [q.mode !== 'default' ? `mode ${q.mode}` : '', q.interactive ? '' : 'non-interactive'].filter(Boolean).join(', ');
    return `${what}${extra ? ` (${extra})` : ''}`;
  };
  const subject = (q: GeminiRequest) => (typeof q.args.command === 'string' ? q.args.command : null);
  return { base, current, areas, decide, describe, subject, known, deadline, unsearched };
}

/**
 * Gemini CLI's witness search (`Dialect.witnesses`), in slices or run to its end.
 * @example geminiWitnesses.flips(base, current, []).flips[0] // { request: 'run_shell_command: git push origin main', before: 'ask', after: 'allow', … }
 */
export const geminiWitnesses = sliced(geminiSearchSpec);
