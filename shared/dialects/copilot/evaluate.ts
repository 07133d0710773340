import { posix } from 'path';
import { stricter, type Decision, type EvalContext, type TraceRow, type TraceSection, type Verdict } from '../../model';
import { splitCommand } from '../claude';
import { inside, pathMatches, shellMatches, urlMatches, urlPattern } from './match';
import { builtinReadOnly } from './read-only';
import type { CopilotRequest, CopilotRule, CopilotRuleSet, CopilotToolKind } from './types';

/** The system temporary directory Copilot CLI lets tools use unless `--disallow-temp-dir`. */
export const TEMP_DIR = '/tmp';

const READ_TOOLS = ['view', 'grep', 'glob'];
const WRITE_TOOLS = ['create', 'edit', 'apply_patch', 'write'];
const SHELL_TOOLS = ['bash', 'shell'];
const URL_TOOLS = ['web_fetch'];

/**
 * The kind of a tool name as Copilot CLI's model calls it (`bash`, `view`, `create`, `web_fetch`,
 * `server/tool` for MCP); undefined when the name is none of them.
 * @example toolKind('create') // 'write'
 */
export function toolKind(tool: string): CopilotToolKind | undefined {
  if (SHELL_TOOLS.includes(tool)) return 'shell';
  if (READ_TOOLS.includes(tool)) return 'read';
  if (WRITE_TOOLS.includes(tool)) return 'write';
  if (URL_TOOLS.includes(tool)) return 'url';
  return tool.includes('/') ? 'mcp' : undefined;
}

interface Check {
  decision: Decision;
  why: string;
  rule?: CopilotRule;
}

/** The words of a URL a shell command names (`curl https://…`), for the URL check. */
const URL_WORD = /^[A-Z][A-Z0-9+.-]*:\/\//i;
/** A word with a `..` folder in it (`../x`, `a/../b`, `..`): a path out of the working folder, maybe. */
const DOTDOT_WORD = /(?:^|\/)\.\.(?:\/|$)/;
/** Programs that take a host without a scheme (`curl example.com`): such a word's URL is unknown. */
const URL_PROGRAMS = ['curl', 'wget', 'http', 'https', 'xh', 'aria2c'];

/**
 * Copilot CLI's decision for one tool call under one invocation's flags: a deny flag wins over
 * everything (even `--allow-all-*`); then each part must be allowed — every simple command of a
 * shell line by a `shell(…)` flag or the built-in read-only set, every redirect target by `write`,
 * every path inside the allowed directories, every URL by a URL flag; else it asks, and with
 * `-p` (no one to answer) an ask is a denial.
 * @example evaluateCopilot(rs, { tool: 'bash', command: 'git push' }).decision // 'deny'
 */
export function evaluateCopilot(rs: CopilotRuleSet, req: CopilotRequest, ctx: EvalContext = {}): Verdict {
  const n = (req.invocation ?? 1) - 1;
  const inv = rs.invocations[n];
  const rules = rs.rules.filter((r) => r.invocation === n);
  const notes: string[] = [];
  const sections: TraceSection[] = [];
  const root = (ctx.root ?? '/project').replace(/\\/g, '/');
  const interactive = req.interactive ?? !(inv?.prompt ?? rs.form === 'flags');
  if (!inv && rs.invocations.length > 0) return done('deny', `the file has ${rs.invocations.length} copilot invocation(s); invocation ${n + 1} does not exist`, undefined);
  if (inv?.malformed) return done('deny', 'a malformed --allow-tool/--deny-tool value: Copilot CLI exits before any tool runs', rules.find((r) => (r.flag === 'allow-tool' || r.flag === 'deny-tool') && !r.pattern));
  if (inv?.unmodelled.length) notes.push(`${inv.unmodelled.join(', ')} changes how prompts are answered; RuleLens decides as without it`);
  const has = (flag: CopilotRule['flag']) => rules.find((r) => r.flag === flag || (r.flag === 'allow-all' && ['allow-all-tools', 'allow-all-paths', 'allow-all-urls'].includes(flag)));
  const kind = toolKind(req.tool);
  const checks: Check[] = [];
  const rows: TraceRow[] = [];
  const row = (r: CopilotRule, hit: boolean, note?: string) => rows.push({ rule: r.index, label: r.label, matches: [hit], note });
  const temp = has('disallow-temp-dir') ? [] : [TEMP_DIR];
  const dirs = [root, ...temp, ...rules.filter((r) => r.flag === 'add-dir' && r.value).map((r) => posix.resolve(root, r.value!))];
  const abs = (p: string) => posix.resolve(root, p.replace(/^~(?=\/|$)/, ctx.home ?? '/home/user'));

  const filtered = availability(rules, req.tool);
  if (filtered) return done('deny', filtered.why, filtered.rule);

  const tool = (pred: (r: CopilotRule) => boolean, flag: 'allow-tool' | 'deny-tool') => rules.filter((r) => r.flag === flag && r.pattern && pred(r));
  const denyPath = (p: string, kinds: string[]) => tool((r) => kinds.includes(r.pattern!.kind) && pathMatches(r.pattern!.argument, p, 'deny'), 'deny-tool')[0];
  const allowPath = (p: string, kinds: string[]) => tool((r) => kinds.includes(r.pattern!.kind) && pathMatches(r.pattern!.argument, p, 'allow'), 'allow-tool')[0];
  const pathCheck = (p: string) => {
    if (dirs.some((d) => inside(p, d))) return;
    const all = has('allow-all-paths');
    checks.push(all ? { decision: 'allow', why: `${p} is outside the allowed directories; --allow-all-paths allows it`, rule: all } : { decision: 'ask', why: `${p} is outside the allowed directories (the working directory${temp.length ? ', the temp dir' : ''}${dirs.length > 1 + temp.length ? ', --add-dir' : ''})` });
  };
  const urlCheck = (url: string, fetchTool = false) => {
    const deny = [...rules.filter((r) => r.flag === 'deny-url' && r.value && matchUrl(r.value, url, 'deny')), ...tool((r) => r.pattern!.kind === 'url' && (r.pattern!.argument === undefined || matchUrl(r.pattern!.argument, url, 'deny')), 'deny-tool')][0];
    if (deny) return checks.push({ decision: 'deny', why: `${url} is denied by ${deny.label}`, rule: deny });
    const allow = [...rules.filter((r) => r.flag === 'allow-url' && r.value && matchUrl(r.value, url, 'allow')), ...tool((r) => r.pattern!.kind === 'url' && (r.pattern!.argument === undefined || matchUrl(r.pattern!.argument, url, 'allow')), 'allow-tool')][0] ?? has('allow-all-urls') ?? (fetchTool ? has('allow-all-tools') : undefined);
    checks.push(allow ? { decision: 'allow', why: `${url} is allowed by ${allow.label}`, rule: allow } : { decision: 'ask', why: `${url} is not allowed by any URL flag` });
  };

  if (kind === undefined) {
    checks.push({ decision: 'ask', why: `"${req.tool}" is not a tool RuleLens knows Copilot CLI to have: asks unless --allow-all-tools`, rule: undefined });
    const all = has('allow-all-tools');
    if (all) checks[0] = { decision: 'allow', why: '--allow-all-tools approves every tool', rule: all };
  } else if (kind === 'shell') shellChecks();
  else if (kind === 'read') {
    const p = abs(req.path ?? '.');
    const d = denyPath(p, ['read']);
    if (d) checks.push({ decision: 'deny', why: `${p} is denied by ${d.label}`, rule: d });
    else {
      checks.push({ decision: 'allow', why: `${req.tool} is read-only: Copilot approves it inside the allowed directories` });
      pathCheck(p);
    }
  } else if (kind === 'write') {
    const p = abs(req.path ?? '.');
    const d = denyPath(p, ['write']);
    if (d) checks.push({ decision: 'deny', why: `${p} is denied by ${d.label}`, rule: d });
    else {
      const a = allowPath(p, ['write']) ?? has('allow-all-tools');
      checks.push(a ? { decision: 'allow', why: `writing ${p} is allowed by ${a.label}`, rule: a } : { decision: 'ask', why: `no write flag allows writing ${p}` });
      pathCheck(p);
    }
  } // --allow-all-tools lets web_fetch reach any URL (observed); for a URL in a shell command it was not.
  else if (kind === 'url') urlCheck(req.url ?? '', true);
  else {
    const [server, name] = [req.tool.slice(0, req.tool.indexOf('/')), req.tool.slice(req.tool.indexOf('/') + 1)];
    const covers = (r: CopilotRule) => r.pattern!.kind === server && (r.pattern!.argument === undefined || r.pattern!.argument === name);
    const d = tool(covers, 'deny-tool')[0];
    const a = tool(covers, 'allow-tool')[0] ?? has('allow-all-tools');
    checks.push(d ? { decision: 'deny', why: `MCP tool ${req.tool} is denied by ${d.label}`, rule: d } : a ? { decision: 'allow', why: `MCP tool ${req.tool} is allowed by ${a.label}`, rule: a } : { decision: 'ask', why: `no flag allows MCP tool ${req.tool}` });
  }

  let decision: Decision = 'allow';
  let decider: Check | undefined;
  for (const c of checks) {
    if (!decider || stricter(decision, c.decision) !== decision) {
      decision = c.decision;
      decider = c;
    }
  }
  if (!decider) decider = { decision: 'ask', why: 'nothing to decide' };
  for (const r of rules) if (!rows.some((x) => x.rule === r.index)) row(r, checks.some((c) => c.rule === r));
  sections.push({ kind: 'check', subject: describe(req), columns: ['decides'], rows, controlling: decider.rule?.index ?? null, decision: decider.decision, branch: checks.map((c) => `${c.decision}: ${c.why}`).join('; ') });
  return done(decider.decision, decider.why, decider.rule);

  function shellChecks(): void {
    const command = req.command ?? '';
    const split = splitCommand(command);
    if (split.refused.length) return void checks.push({ decision: 'deny', why: `refused: ${split.refused[0]}` });
    const allTools = has('allow-all-tools');
    const bare = tool((r) => r.pattern!.kind === 'shell' && r.pattern!.argument === undefined, 'allow-tool')[0];
    for (const sc of split.subcommands) {
      const words = sc.words.map((w) => w.value);
      const d = tool((r) => r.pattern!.kind === 'shell' && shellMatches(r.pattern!.argument, words, 'deny'), 'deny-tool')[0];
      if (d) {
        checks.push({ decision: 'deny', why: `\`${sc.text}\` is denied by ${d.label}`, rule: d });
        continue;
      }
      const staticWords = sc.words.every((w, i) => i > 0 || !w.dynamic);
      const a = staticWords ? tool((r) => r.pattern!.kind === 'shell' && r.pattern!.argument !== undefined && shellMatches(r.pattern!.argument, words, 'allow'), 'allow-tool')[0] : undefined;
      const ro = builtinReadOnly(words, sc.opaque.length > 0);
      const by = a ?? bare ?? allTools;
      if (by) checks.push({ decision: 'allow', why: `\`${sc.text}\` is allowed by ${by.label}`, rule: by });
      else if (ro) checks.push({ decision: 'allow', why: `\`${sc.text}\` is read-only (${ro}): Copilot approves it without a flag` });
      else checks.push({ decision: 'ask', why: `no flag allows \`${sc.text}\`${sc.opaque.length ? ` (${sc.opaque[0]})` : ''}` });
      for (const w of words.slice(1)) {
        if (URL_WORD.test(w)) urlCheck(w);
        else if (w.startsWith('/') || w.startsWith('~') || DOTDOT_WORD.test(w)) pathCheck(abs(w));
      }
      if (URL_PROGRAMS.includes(words[0]) && !words.slice(1).some((w) => URL_WORD.test(w)) && words.slice(1).some((w) => !w.startsWith('-') && /\./.test(w)) && !has('allow-all-urls')) {
        checks.push({ decision: 'ask', why: `\`${sc.text}\` may fetch a URL written without a scheme: RuleLens cannot tell which` });
      }
    }
    for (const w of split.writes) {
      if (w.dynamic) {
        checks.push(allTools ? { decision: 'allow', why: `${w.text}: --allow-all-tools allows every redirection`, rule: allTools } : { decision: 'ask', why: `${w.text} writes a path known only at run time` });
        continue;
      }
      const p = abs(w.target);
      const d = denyPath(p, ['write']);
      if (d) {
        checks.push({ decision: 'deny', why: `${w.text} writes ${p}, denied by ${d.label}`, rule: d });
        continue;
      }
      const a = allowPath(p, ['write']) ?? allTools;
      checks.push(a ? { decision: 'allow', why: `${w.text} is allowed by ${a.label}`, rule: a } : { decision: 'ask', why: `${w.text} writes ${p}: no write flag allows it` });
      pathCheck(p);
    }
    if (split.failClosed.length && !(allTools || bare)) checks.push({ decision: 'ask', why: `the command hides code RuleLens cannot check (${split.failClosed[0]})` });
  }

  function done(d: Decision, why: string, rule: CopilotRule | undefined): Verdict {
    let decision = d;
    let native = d === 'allow' ? 'approved' : d === 'deny' ? 'denied' : 'ask';
    let branch = why;
    if (d === 'ask' && !interactive) {
      decision = 'deny';
      native = 'denied';
      branch += '; no interactive user (-p): "Permission denied because no interactive user response was available"';
    }
    if (d === 'ask' && rule === undefined && kindIsShell()) notes.push('Copilot approves some read-only commands on its own; RuleLens models only the ones observed (see docs/dialects/copilot.md)');
    return {
      decision,
      native,
      code: null,
      rule: rule && rule.decision === decision ? { index: rule.index, id: null, label: rule.label } : null,
      details: { interactive, invocation: n + 1 },
      trace: { dialect: 'copilot', branch, sections, notes },
    };
  }

  function kindIsShell(): boolean {
    return toolKind(req.tool) === 'shell';
  }
}

function matchUrl(value: string, url: string, use: 'allow' | 'deny'): boolean {
  const p = urlPattern(value);
  return p ? urlMatches(p, url, use) : use === 'deny';
}

/** `--available-tools` hides every tool it does not name, `--excluded-tools` the ones it names: the model cannot call them. */
function availability(rules: readonly CopilotRule[], tool: string): { why: string; rule: CopilotRule } | undefined {
  const excluded = rules.find((r) => r.flag === 'excluded-tools' && r.value === tool);
  if (excluded) return { why: `${tool} is removed by ${excluded.label}: the model cannot call it`, rule: excluded };
  const avail = rules.filter((r) => r.flag === 'available-tools');
  if (avail.length && !avail.some((r) => r.value === tool)) return { why: `${tool} is not among --available-tools: the model cannot call it`, rule: avail[0] };
  return undefined;
}

/** @example describe({ tool: 'bash', command: 'git push' }) // 'bash: git push' */
export function describe(r: CopilotRequest): string {
  return `${r.tool}: ${r.command ?? r.path ?? r.url ?? ''}`.trim();
}
