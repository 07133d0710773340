import { posix } from 'path';
import { clipText, finding, MAX_HEADLINE, type EvalContext, type Finding, type RelatedInfo } from '../../model';
import { fileCommand, READERS, WRITERS } from '../../programs';
import type { Deadline } from '../../analysis/budget';
import { finish, type Steps } from '../../analysis/steps';
import { evaluateGemini, ruleMatchesRequest } from './evaluate';
import { SHELL_TOOL, type GeminiRequest, type GeminiRule, type GeminiRuleSet } from './types';

/**
 * Gemini's file tools, the arguments each call carries for a file, and what a deny of it protects
 * (tool names and parameters of @google/gemini-cli-core 0.61.0: tools/read-file.ts,
 * tools/write-file.ts, tools/edit.ts).
 */
const FILE_TOOLS: Readonly<Record<string, { does: 'read' | 'write'; args: (file: string) => Record<string, unknown> }>> = {
  read_file: { does: 'read', args: (file) => ({ file_path: file }) },
  write_file: { does: 'write', args: (file) => ({ file_path: file, content: 'x' }) },
  replace: { does: 'write', args: (file) => ({ file_path: file, old_string: 'a', new_string: 'b' }) },
};

/** Files tried when a deny's pattern names none plainly: what such denies are usually for. */
const USUAL_FILES: readonly string[] = ['.env', '.env.local', 'secrets.json', 'credentials.json', '.npmrc', 'id_rsa'];
/** Files tried per deny at most, each spelled up to three ways. */
const MAX_FILES = 8;
/** A file name a shell reads as one plain word. */
const PLAIN_FILE = /^[\w./@+-]+$/;

/**
 * The plain runs of a regex source, escapes resolved (`.*SKILL\.md.*` → `SKILL.md`): where a deny's
 * pattern names its file. A run stops at any regex syntax; JSON keys and quotes are not files.
 * @example literalRuns('"file_path":".*\\.env"') // ['file_path', '.env']
 */
export function literalRuns(source: string): string[] {
  const out: string[] = [];
  let run = '';
  const end = () => {
    if (run) out.push(run);
    run = '';
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\' && i + 1 < source.length && !/[a-z0-9]/i.test(source[i + 1])) run += source[++i];
    else if (/[\w/@+-]/.test(c)) run += c;
    else end();
  }
  end();
  return out;
}

/** The files a deny may protect, as plain shell words: its pattern's runs, else the usual secrets. */
function candidateFiles(d: GeminiRule, root: string | undefined): string[] {
  const runs = d.argsSource ? literalRuns(d.argsSource).filter((r) => r.length >= 2 && r !== 'file_path' && !/^(?:content|old_string|new_string)$/.test(r)) : [];
  const named = runs.map((r) => (r.endsWith('/') ? `${r}x` : r)).map((r) => r.replace(/^\/+/, ''));
  const files = [...new Set([...named, ...USUAL_FILES])].filter((f) => f && PLAIN_FILE.test(f)).slice(0, MAX_FILES);
  // A pattern may want a slash before the name (`.*/credentials/.*`) or the workspace's path.
  return files.flatMap((f) => [f, `./${f}`, ...(root ? [posix.join(root, f)] : [])]);
}

/** How messages name a rule: its command prefix, regex or tool. */
function labelOf(r: GeminiRule): string {
  if (r.commandPrefix !== undefined) return `commandPrefix "${clipText(r.commandPrefix, 30)}"`;
  if (r.commandRegex !== undefined) return `commandRegex /${clipText(r.commandRegex, 28)}/`;
  return `toolName "${r.toolName}"`;
}

/** A request for the deny's own conditions: its first mode, its interactivity, its subagent. */
function requestFor(d: GeminiRule, tool: string, args: Record<string, unknown>): GeminiRequest {
  return { tool, args, mode: d.modes?.[0] ?? 'default', interactive: d.interactive ?? true, ...(d.subagent ? { subagent: d.subagent } : {}) };
}

/** One shell command that gets at the file, the rule that allows it (none: Gemini's own heuristic). */
interface Through {
  command: string;
  does: string;
  by: GeminiRule | undefined;
  request: GeminiRequest;
}

/**
 * `cross-tool-bypass` for Gemini: a deny of a file tool (`read_file`, `write_file`, `replace`) on a
 * file while the shell tool runs a reader (or writer) on that very file. Gemini checks a shell call
 * against the rules of `run_shell_command` only, never against the file tools' rules, so both halves
 * are Gemini's own decisions: the file tool denied on the file, the shell command allowed (by a
 * rule, or by Gemini's known-safe heuristic for read-only commands inside the workspace). One
 * finding per deny, every command that gets through in related information.
 * @example crossToolFindings(parseGemini(denyEnvAllowCat)).map((f) => f.witness) // ['cat .env']
 */
export function crossToolFindings(rs: GeminiRuleSet, ctx: EvalContext = {}): Finding[] {
  return finish(crossToolSteps(rs, ctx)).findings;
}

/**
 * `crossToolFindings` as steps, a pause before each question asked of the evaluator (a candidate
 * file of a deny, then each reader or writer of it through the shell), under `deadline` when given: the denies not reached before it
 * expires are returned, not searched, for the caller's budget note.
 * @example finish(crossToolSteps(rs, ctx, deadline)).unsearched.length // 0 within the budget
 */
export function* crossToolSteps(rs: GeminiRuleSet, ctx: EvalContext = {}, deadline?: Deadline): Steps<{ findings: Finding[]; unsearched: GeminiRule[] }> {
  const out: Finding[] = [];
  const unsearched: GeminiRule[] = [];
  const byIndex = new Map(rs.rules.map((r) => [r.index, r]));
  for (const d of rs.rules) {
    const tool = FILE_TOOLS[d.toolName];
    if (d.native !== 'deny' || !tool || d.file !== undefined) continue;
    if (deadline?.expired) {
      unsearched.push(d);
      continue;
    }
    for (const file of candidateFiles(d, ctx.root)) {
      yield;
      const toolReq = requestFor(d, d.toolName, tool.args(file));
      // A file tool's call is decided by its first match: a deny that does not match it is not what decides it.
      if (ruleMatchesRequest(d, toolReq) === false) continue;
      const v = evaluateGemini(rs, toolReq, ctx, { lean: true });
      if (v.decision !== 'deny' || v.rule?.index !== d.index) continue;
      const through: Through[] = [];
      for (const t of tool.does === 'read' ? READERS : WRITERS) {
        yield;
        const command = fileCommand(t, file);
        const request = requestFor(d, SHELL_TOOL, { command });
        const s = evaluateGemini(rs, request, ctx, { lean: true });
        if (s.decision === 'allow') through.push({ command, does: t.does, by: s.rule ? byIndex.get(s.rule.index) : undefined, request });
      }
      if (!through.length) continue;
      out.push(report(d, file, tool.does, toolReq, through));
      break;
    }
  }
  return { findings: out, unsearched };
}

/** How a related entry names what allows a command: the rule (at its line), or Gemini's heuristic. */
const HEURISTIC = "Gemini's known-safe heuristic";

function report(d: GeminiRule, file: string, does: 'read' | 'write', toolReq: GeminiRequest, through: readonly Through[]): Finding {
  const [first, ...others] = through;
  const by = first.by ? labelOf(first.by) : 'the known-safe heuristic';
  const more = others.length ? ` (and ${others.length} more)` : '';
  const verb = does === 'read' ? 'read' : 'written';
  const headline = clipText(`${clipText(file, 28)} can be ${verb} through the shell despite the ${d.toolName} deny: ${by} allows \`${clipText(first.command, 40)}\`${more}`, MAX_HEADLINE);
  const at = (r: GeminiRule | undefined, message: string): RelatedInfo => (r ? { ...(r.file !== undefined ? { path: r.file } : {}), range: r.at.commandPrefix ?? r.at.commandRegex ?? r.at.toolName ?? r.range, message } : { range: d.at.toolName ?? d.range, message: `${HEURISTIC} ${message}` });
  const related: RelatedInfo[] = [at(first.by, `allows \`${first.command}\`, which ${does === 'read' ? 'reads' : 'writes'} ${file}`)];
  for (const o of others) related.push(at(o.by, `allows \`${o.command}\` too (it ${o.does})`));
  const heuristic = through.some((t) => !t.by) ? `; with no rule for a command, ${HEURISTIC} allows a read-only one on files inside the workspace` : '';
  related.push({ range: d.at.toolName ?? d.range, message: `why: Gemini checks a shell call against the run_shell_command rules only, never the ${d.toolName} rules${heuristic}` });
  return finding('cross-tool-bypass', 'warning', headline, d.at.argsPattern ?? d.at.toolName ?? d.range, {
    related,
    witness: first.command,
    data: { rule: d.index, file, claims: [{ request: toolReq, decision: 'deny' }, ...through.map((t) => ({ request: t.request, decision: 'allow' }))] },
  });
}
