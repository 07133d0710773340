import { finding, type Finding } from '../../model';
import { Deadline } from '../../analysis/budget';
import { budgetFinding } from '../../analysis/report';
import { finish, type Steps } from '../../analysis/steps';
import type { LintContext } from '../dialect';
import { evaluateGemini } from './evaluate';
import { stableArgs } from './stable-json';
import { SHELL_TOOL, SHELL_TOOL_NAMES, type GeminiRequest, type GeminiRule, type GeminiRuleSet } from './types';
import { runsAnythingFindings, type RunsAnythingHit } from '../../programs';
import { fetchCatchAll, narrowDenyFinding, runsAnythingHit } from './command-lints';
import { crossToolSteps } from './cross-tool';

/** A tool name a request can use to reach a rule. */
function toolFor(r: GeminiRule): string | undefined {
  if (r.toolName === '*') return SHELL_TOOL;
  if (r.toolName.includes('*')) return undefined;
  return r.toolName;
}

/** A request the rule itself matches, when one can be built from its fields. */
function witnessFor(r: GeminiRule): GeminiRequest | undefined {
  const tool = toolFor(r);
  if (!tool) return undefined;
  if (r.argsPattern && r.commandPrefix === undefined) return undefined;
  const args: Record<string, unknown> = tool === SHELL_TOOL ? { command: r.commandPrefix ?? 'ls' } : {};
  const req: GeminiRequest = { tool, args, mode: r.modes?.[0] ?? 'default', interactive: r.interactive ?? true };
  if (r.subagent) req.subagent = r.subagent;
  if (r.mcpName && r.mcpName !== '*') req.server = r.mcpName;
  if (r.toolAnnotations) req.annotations = { ...r.toolAnnotations };
  return req;
}

/** Whether every request `b` matches is also matched by `a` (conservative: only clear cases). */
function alwaysAlsoMatches(a: GeminiRule, b: GeminiRule): boolean {
  if (a.modes && a.modes.length > 0 && !(b.modes && b.modes.length > 0 && b.modes.every((m) => a.modes!.includes(m)))) return false;
  if (a.interactive !== undefined && a.interactive !== b.interactive) return false;
  if (a.subagent !== undefined && a.subagent !== b.subagent) return false;
  if (a.mcpName !== undefined && a.mcpName !== b.mcpName) return false;
  if (a.toolAnnotations && !(b.toolAnnotations && Object.entries(a.toolAnnotations).every(([k, v]) => b.toolAnnotations![k] === v))) return false;
  if (a.toolName !== '*' && a.toolName !== b.toolName) return false;
  if (!a.argsPattern) return true;
  if (a.commandPrefix === undefined || b.commandPrefix === undefined) return false;
  const rest = b.commandPrefix.slice(a.commandPrefix.length);
  return b.commandPrefix.startsWith(a.commandPrefix) && (rest === '' || /^\s/.test(rest));
}

/**
 * Gemini lints, each confirmed by evaluating its witness request: rules a higher-priority rule
 * always pre-empts, equal-priority ties, `^`/`$` in commandRegex, `_` in MCP server names,
 * allows that run arbitrary code, file-tool denies the shell gets around.
 * @example lintGemini(parseGemini({ path: 'p.toml', text })).map((f) => f.code)
 */
export function lintGemini(rs: GeminiRuleSet, ctx: LintContext = {}): Finding[] {
  return finish(geminiLintSteps(rs, ctx));
}

/**
 * `lintGemini` as steps (see `Steps`), a rule at a time, under the file's budget (`ctx.deadline`,
 * else a fresh one on `ctx.clock`): the pre-emption search tries every earlier rule for each rule,
 * so a file of thousands of rules can take seconds. Rules it did not reach get no claim, and one
 * `analysis-budget` note says how many.
 * @example finish(geminiLintSteps(parseGemini({ path: 'p.toml', text }), {})).map((f) => f.code)
 */
export function* geminiLintSteps(rs: GeminiRuleSet, ctx: LintContext = {}): Steps<Finding[]> {
  const out: Finding[] = [];
  if (rs.dropped) return out;
  const deadline = ctx.deadline ?? new Deadline(undefined, undefined, ctx.clock);
  const unanalysed: GeminiRule[] = [];
  // Lean: the lints read the decision and the controlling rule, never the rows of the rules tried.
  const decided = (req: GeminiRequest) => evaluateGemini(rs, req, ctx, { lean: true });
  const firstMatch = (req: GeminiRequest) => decided(req).trace.sections[0]?.controlling ?? null;
  const order = rs.ordered;
  for (let j = 0; j < order.length; j++) {
    const b = order[j];
    // Only this file's rules are reported; another file of the tier may be what pre-empts them.
    if (b.file !== undefined) continue;
    yield;
    if (deadline.expired) {
      unanalysed.push(b);
      continue;
    }
    const w = witnessFor(b);
    // The witness's first match, asked once per rule (not once per earlier rule that covers it).
    let first: number | null | undefined;
    for (let i = 0; i < j; i++) {
      const a = order[i];
      if (a.native === b.native || !alwaysAlsoMatches(a, b)) continue;
      if (!w) continue;
      if (first === undefined) first = firstMatch(w);
      if (first !== a.index) continue;
      const text = typeof w.args.command === 'string' ? `${w.tool}: ${w.args.command}` : w.tool;
      const where = a.file !== undefined ? { path: a.file } : {};
      const inOther = a.file !== undefined ? ` in ${a.file.split(/[\\/]/).pop()}` : '';
      if (a.effective === b.effective && a.file !== b.file) {
        out.push(finding('gemini-priority-tie', 'warning', `same effective priority as rule ${a.index + 1} (${a.label})${inOther}: Gemini tries the two files in the folder's listing order, which the file system decides, so which one decides "${text}" is not fixed; RuleLens takes the stricter. Give them different priorities`, b.at.priority ?? b.range, { witness: text, related: [{ ...where, range: a.range, message: 'the rule of another file at the same priority' }] }));
      } else if (a.effective === b.effective) {
        out.push(finding('gemini-priority-tie', 'warning', `same effective priority as rule ${a.index + 1} (${a.label}), which comes first in load order and always wins: this rule never decides (e.g. "${text}" → ${a.native}); give them different priorities`, b.at.priority ?? b.range, { witness: text, related: [{ range: a.range, message: 'the rule that wins the tie' }] }));
      } else {
        out.push(finding(b.native === 'deny' ? 'shadowed-deny' : 'dead-rule', 'warning', `never decides: rule ${a.index + 1} (${a.label})${inOther} has a higher priority and matches everything this rule matches (e.g. "${text}" → ${a.native})`, b.range, { witness: text, unnecessary: true, related: [{ ...where, range: a.range, message: `the higher-priority rule that always matches first${a.layer ? ` (${a.layer})` : ''}` }] }));
      }
      break;
    }
  }
  const hits: RunsAnythingHit[] = [];
  const skipped = new Set(unanalysed);
  for (const r of rs.rules) {
    yield;
    // Past the budget a rule gets no evaluated lint (each one runs the evaluator); it is counted once.
    if (skipped.has(r)) continue;
    if (deadline.expired) {
      if (r.file === undefined) unanalysed.push(r);
      continue;
    }
    if (r.commandRegex !== undefined && r.argsPattern) {
      const re = r.commandRegex;
      const anchored = re.startsWith('^') ? '^' : re.endsWith('$') && !re.endsWith('\\$') ? '$' : null;
      if (anchored) {
        const probe = anchored === '^' ? re.slice(1) : re.slice(0, -1);
        const sample = literalOf(probe);
        const confirmed = sample !== undefined ? r.argsPattern.test(stableArgs({ command: sample })) !== true : true;
        if (confirmed) {
          out.push(finding('gemini-anchor-regex', 'warning', anchored === '^'
            ? `commandRegex is matched after the JSON text "command":" — \`^\` can never match there, so this rule never matches${sample !== undefined ? ` (not even "${sample}")` : ''}; drop the \`^\``
            : `commandRegex is matched inside the JSON arguments, which never end right after the command — \`$\` can never match there${sample !== undefined ? ` (not even "${sample}")` : ''}; end with \`"\` instead`, r.at.commandRegex ?? r.range, { witness: sample }));
        }
      }
    }
    if (r.mcpName && r.mcpName.includes('_') && r.at.mcpName) {
      const tool = r.toolName.includes('*') ? `${r.toolName.slice(0, -1)}tool` : r.toolName;
      const req: GeminiRequest = { tool, args: {}, mode: r.modes?.[0] ?? 'default', interactive: r.interactive ?? true };
      if (firstMatch(req) !== r.index) {
        out.push(finding('gemini-mcp-underscore', 'warning', `MCP server name "${r.mcpName}" contains "_": Gemini reads the server of "${tool}" as "${tool.slice(4).split('_')[0]}", so this rule does not match that call by name; rename the server without "_"`, r.at.mcpName, { witness: tool }));
      }
    }
    if (r.native === 'allow' && (SHELL_TOOL_NAMES.includes(r.toolName) || r.toolName === '*')) {
      const hit = runsAnythingHit(rs, r, ctx);
      if (hit) hits.push(hit);
    }
    if (r.native === 'deny' && r.commandPrefix !== undefined) {
      const f = narrowDenyFinding(rs, r, ctx);
      if (f) out.push(f);
    }
    const broad = fetchCatchAll(rs, r, ctx);
    if (broad) out.push(broad);
  }
  out.push(...runsAnythingFindings(hits));
  // In steps and on the budget: a deny's search tries every reader or writer through the shell.
  const cross = yield* crossToolSteps(rs, ctx, deadline);
  out.push(...cross.findings);
  for (const d of cross.unsearched) if (!skipped.has(d) && !unanalysed.includes(d)) unanalysed.push(d);
  if (unanalysed.length) out.push(budgetFinding(unanalysed[0], unanalysed.length, deadline.describe()));
  return out;
}

/** The text a regex matches when it is a plain literal (letters, digits, blanks, simple punctuation). */
function literalOf(re: string): string | undefined {
  let out = '';
  for (let i = 0; i < re.length; i++) {
    const c = re[i];
    if (c === '\\' && i + 1 < re.length && !/[A-Z0-9]/i.test(re[i + 1])) out += re[++i];
    else if ('.*+?()[]{}|^$\\'.includes(c)) return undefined;
    else out += c;
  }
  return out.length ? out : undefined;
}
