import * as path from 'path';
import type { EvalContext, RuleRef, TraceSection, Verdict } from '../../model';
import { pathViews, type PathView } from './views';
import { pathCandidates, READING_COMMANDS, shellWords } from './shell';
import type { Access, BoundsPathsRequest, FileTool, PathsCode, PathsRule, PathsRuleSet, ShellTool } from './types';

/** Beyond this many words a shell command is refused rather than scanned. */
export const MAX_SHELL_WORDS = 10_000;

/** What a trace row says of a glob the matcher could not decide within its budget. */
const UNDECIDED_NOTE = "undecided within the matcher's budget";

/** Which refusal a report names when several views refuse, most telling first. */
const REASON_ORDER = ['escapes-root', 'unresolvable', 'deny-glob', 'not-allowed'] as const;

interface ViewJudgement {
  view: PathView;
  deniedBy: PathsRule | null;
  allowedBy: PathsRule | null;
  refused: boolean;
  reason: string | null;
  section: TraceSection;
}

function judgeView(rs: PathsRuleSet, access: Access, view: PathView, label: string): ViewJudgement {
  const rules = rs.rules.filter((r) => r.access === access);
  // Each glob once per view; an undecided one (over the matcher's budget) fails closed: a deny
  // glob counts as matched, an allow glob as not.
  const answers = rules.map((r) => (view.rel === null ? null : r.test(view.rel)));
  const undecided = UNDECIDED_NOTE;
  const rows = rules.map((r, i) => ({ rule: r.index, label: r.label, matches: [answers[i] ?? null], ...(answers[i] === undefined ? { note: undecided } : {}) }));
  const deniedAt = view.rel === null ? -1 : rules.findIndex((r, i) => r.decision === 'deny' && answers[i] !== false);
  const deniedBy = deniedAt >= 0 ? rules[deniedAt] : null;
  const allowedBy = view.rel === null ? null : rules.find((r, i) => r.decision === 'allow' && answers[i] === true) ?? null;
  const reason = view.problem ?? (deniedBy ? 'deny-glob' : allowedBy ? null : 'not-allowed');
  const refused = reason !== null;
  const branch =
    view.problem === 'escapes-root' ? `escapes the root: ${view.detail}`
    : view.problem === 'unresolvable' ? `unresolvable (fail closed): ${view.detail}`
    : deniedBy && answers[deniedAt] === undefined ? `deny glob "${deniedBy.glob}": ${undecided}, refused (fail closed)`
    : deniedBy ? `matches deny glob "${deniedBy.glob}"`
    : allowedBy ? `inside the root, matches allow glob "${allowedBy.glob}"`
    : `matches no allow glob for ${access}`;
  return {
    view,
    deniedBy,
    allowedBy,
    refused,
    reason,
    section: {
      kind: `${view.name} view`,
      subject: label,
      columns: [view.name],
      rows,
      controlling: deniedBy?.index ?? (refused ? null : allowedBy?.index ?? null),
      decision: refused ? 'deny' : 'allow',
      branch: `${branch}${view.missingTail ? ` (${view.missingTail} does not exist yet; resolved through its nearest existing folder)` : ''}`,
    },
  };
}

function ref(r: PathsRule | null): RuleRef | null {
  return r ? { index: r.index, id: null, label: r.label } : null;
}

function verdict(code: PathsCode | null, rule: PathsRule | null, branch: string, sections: TraceSection[], notes: string[], details: Verdict['details']): Verdict {
  return {
    decision: code ? 'deny' : 'allow',
    native: code ? 'DENY' : 'ALLOW',
    code,
    rule: ref(rule),
    details,
    trace: { dialect: 'bounds-paths', branch, sections, notes },
  };
}

/**
 * A file tool call: missing path → PATH_REQUIRED; any view escaping the root, unresolvable,
 * matching a deny glob, or matching no allow glob → PATH_SCOPE_DENIED (the strictest view wins).
 * @example judgeFileTool(rs, tool, { path: '../x' }, ctx).code // 'PATH_SCOPE_DENIED'
 */
export function judgeFileTool(rs: PathsRuleSet, tool: FileTool, args: Record<string, unknown>, ctx: EvalContext = {}): Verdict {
  const p = args[tool.pathArg];
  if (typeof p !== 'string' || p === '') {
    return verdict('PATH_REQUIRED', null, `"${tool.pathArg}" is ${p === undefined ? 'missing' : typeof p === 'string' ? 'empty' : `not a string (${typeof p})`}: PATH_REQUIRED`, [], [], { reason: 'path-required', view: null, path: null });
  }
  const js = pathViews(p, rs.root, rs.root, ctx.fs).map((v) => judgeView(rs, tool.access, v, p));
  const sections = js.map((j) => j.section);
  // Several views may refuse; the report names the most telling reason.
  const bad = REASON_ORDER.map((r) => js.find((j) => j.reason === r)).find((j) => j !== undefined);
  if (bad) {
    return verdict('PATH_SCOPE_DENIED', bad.deniedBy, `${tool.access} "${p}": the ${bad.view.name} view is refused — ${bad.section.branch}`, sections, [], { reason: bad.reason, view: bad.view.name, path: bad.view.rel });
  }
  return verdict(null, js[1].allowedBy, `${tool.access} "${p}": every view is inside the root, allowed and not denied`, sections, [], { reason: null, view: null, path: js[2].view.rel });
}

/**
 * A shell tool call, best effort: the cwd must stay inside the root, and no word may name a path
 * denied for write (or for read, when its command reads or it is a `<` redirect).
 * @example judgeShellTool(rs, tool, { command: 'cat .env' }, ctx).code // 'SHELL_SCOPE_DENIED'
 */
export function judgeShellTool(rs: PathsRuleSet, tool: ShellTool, args: Record<string, unknown>, ctx: EvalContext = {}): Verdict {
  const notes = ['best effort: the command line is scanned for path words; a shell scan is not a sandbox (expansions, substitutions and scripts are not followed)'];
  const command = args[tool.commandArg];
  if (typeof command !== 'string' || command.trim() === '') {
    return verdict('SHELL_SCOPE_DENIED', null, `"${tool.commandArg}" is missing or empty: nothing to scan, refused (fail closed)`, [], notes, { reason: 'no-command', view: null, path: null });
  }
  const cwdArg = tool.cwdArg ? args[tool.cwdArg] : undefined;
  const cwdIn = typeof cwdArg === 'string' && cwdArg !== '' ? cwdArg : '.';
  const sections: TraceSection[] = [];
  const cwdViews = pathViews(cwdIn, rs.root, rs.root, ctx.fs);
  const cwdBad = cwdViews.find((v) => v.problem);
  sections.push({ kind: 'cwd', subject: cwdIn, columns: [], rows: [], controlling: null, decision: cwdBad ? 'deny' : 'allow', branch: cwdBad ? `${cwdBad.name} view: ${cwdBad.detail}` : `inside the root (${cwdViews[1].rel || '.'})` });
  if (cwdBad) return verdict('SHELL_SCOPE_DENIED', null, `cwd "${cwdIn}" is outside the scope`, sections, notes, { reason: 'cwd-outside-root', view: cwdBad.name, path: null });
  const cwdAbs = path.posix.resolve(rs.root.replace(/\\/g, '/'), cwdIn.replace(/\\/g, '/'));
  const words = shellWords(command);
  if (words.length > MAX_SHELL_WORDS) return verdict('SHELL_SCOPE_DENIED', null, `more than ${MAX_SHELL_WORDS} words: not scanned, refused (fail closed)`, sections, notes, { reason: 'too-long', view: null, path: null });
  for (const w of words) {
    const reads = w.readRedirect || (w.command !== null && READING_COMMANDS.has(w.command));
    for (const cand of pathCandidates(w.text)) {
      const views = pathViews(cand, rs.root, cwdAbs, ctx.fs).filter((v) => v.rel !== null);
      for (const access of reads ? (['write', 'read'] as const) : (['write'] as const)) {
        for (const v of views) {
          let answer: boolean | undefined = false;
          const hit = rs.rules.find((r) => r.access === access && r.decision === 'deny' && (answer = r.test(v.rel!)) !== false);
          if (!hit) continue;
          const row = answer === undefined ? { rule: hit.index, label: hit.label, matches: [null], note: UNDECIDED_NOTE } : { rule: hit.index, label: hit.label, matches: [true] };
          sections.push({ kind: 'shell word', subject: cand, columns: [v.name], rows: [row], controlling: hit.index, decision: 'deny', branch: `names ${v.rel}, denied for ${access}${answer === undefined ? ` (${UNDECIDED_NOTE}: fail closed)` : ''}${access === 'read' ? ` (${w.readRedirect ? '< redirect' : `${w.command} reads its arguments`})` : ''}` });
          return verdict('SHELL_SCOPE_DENIED', hit, `"${cand}" names a path denied for ${access}`, sections, notes, { reason: `denied-${access}`, view: v.name, path: v.rel });
        }
      }
    }
  }
  sections.push({ kind: 'shell words', subject: command, columns: [], rows: [], controlling: null, decision: 'allow', branch: `${words.length} word${words.length === 1 ? '' : 's'} scanned; none names a denied path` });
  return verdict(null, null, 'no word of the command names a denied path (best effort)', sections, notes, { reason: null, view: null, path: null });
}

/**
 * The scope's decision for one tool call; a tool the file does not configure is not scoped.
 * @example evaluateBoundsPaths(rs, { tool: 'file.read', args: { path: 'src/a.ts' } }, ctx).native // 'ALLOW'
 */
export function evaluateBoundsPaths(rs: PathsRuleSet, req: BoundsPathsRequest, ctx: EvalContext = {}): Verdict {
  const tool = rs.tools.get(req.tool);
  const errors = rs.findings.filter((f) => f.severity === 'error').length;
  const v = !tool
    ? verdict(null, null, `"${req.tool}" is not a tool paths.json scopes: nothing to check`, [], [], { reason: 'unscoped-tool', view: null, path: null })
    : tool.kind === 'file' ? judgeFileTool(rs, tool, req.args, ctx) : judgeShellTool(rs, tool, req.args, ctx);
  if (errors) v.trace.notes.push(`the paths file has ${errors} error${errors === 1 ? '' : 's'}; the runtime refuses an invalid file — this verdict uses only its valid parts`);
  return v;
}
