import { posix } from 'path';
import { stricter, type Decision, type EvalContext, type TraceRow, type TraceSection, type Verdict } from '../../model';
import { commandMatches, domainMatches, mcpMatches, paramMatches, pathMatches } from './match';
import { EDIT_TOOLS, READ_TOOLS, resolveTool, ruleToolCovers, SHELL_TOOLS } from './rules';
import { knownReadOnly, mayHaveOperations, splitForRules } from './shell';
import type { QwenRequest, QwenRule, QwenRuleSet, QwenTier } from './types';

/** What one rule tier search gave: a decision, or `default` when no rule matched; `unsure` when a rule's match is unknown. */
interface TierResult {
  decision: Decision | 'default';
  rule?: QwenRule;
  unsure: string[];
}

/** The facts of one call the rules are matched against (Qwen's permission context). */
interface Call {
  tool: string;
  command?: string;
  filePath?: string;
  domain?: string;
  specifier?: string;
  params?: Record<string, unknown>;
}

const TIERS: readonly QwenTier[] = ['deny', 'ask', 'allow'];

/**
 * `matchesRule`: true, false or undefined (RuleLens cannot tell, e.g. a command with expansions).
 * Deny and ask rules match paths in canonical mode, allow rules lexically.
 */
function ruleMatches(r: QwenRule, c: Call, root: string, home: string, ctx: EvalContext): boolean | undefined {
  if (r.invalid) return false;
  if (r.toolName.startsWith('mcp__') || c.tool.startsWith('mcp__')) {
    if (!mcpMatches(r.toolName, c.tool) || r.specifier) return false;
    return r.params ? paramsMatch(r, c) : true;
  }
  if (!ruleToolCovers(r.toolName, c.tool)) return false;
  if (!r.specifier && !r.params?.length) return true;
  if (r.specifier !== undefined) {
    const kind = r.kind ?? 'literal';
    let m: boolean | undefined;
    if (kind === 'command') m = c.command === undefined ? false : commandMatches(r.specifier, c.command);
    else if (kind === 'path') m = c.filePath === undefined ? false : pathMatches(r.specifier, c.filePath, root, root, home, r.tier === 'allow' ? 'lexical' : 'canonical', ctx.fs ? (p) => ctx.fs!.realpath(p) : undefined);
    else if (kind === 'domain') m = c.domain === undefined ? false : domainMatches(r.specifier, c.domain);
    else {
      const v = c.command ?? c.specifier;
      m = v !== undefined && v === r.specifier;
    }
    if (m !== true) return m;
  }
  return r.params?.length ? paramsMatch(r, c) : true;
}

function paramsMatch(r: QwenRule, c: Call): boolean {
  if (!c.params) return false;
  return r.params!.every((p) => {
    if (!Object.hasOwn(c.params!, p.key)) return false;
    const v = c.params![p.key];
    return (typeof v === 'string' || typeof v === 'number') && paramMatches(p.value, String(v));
  });
}

/** `evaluateSingle` without the shell operations: the first matching deny, then ask, then allow. */
function tiers(rules: readonly QwenRule[], c: Call, root: string, home: string, ctx: EvalContext, rows: TraceRow[]): TierResult {
  const unsure: string[] = [];
  for (const tier of TIERS) {
    for (const r of rules) {
      if (r.tier !== tier) continue;
      const m = ruleMatches(r, c, root, home, ctx);
      rows.push({ rule: r.index, label: r.label, matches: [m ?? null], note: m === undefined ? 'match unknown: the command has syntax RuleLens does not normalise as Qwen does' : undefined });
      if (m === true) return { decision: tier, rule: r, unsure };
      if (m === undefined && tier !== 'allow') unsure.push(`${r.text} may match`);
    }
  }
  return { decision: 'default', unsure };
}

/**
 * Qwen Code's decision for one tool call (0.24.4): the tool's own default (read-only tools inside
 * the workspace allow, shell commands allow when read-only, edits ask), replaced by the rules when
 * one matches (`evaluatePermissionRules`): deny, then ask, then allow, first match; a shell command is
 * split at `&&`, `;`, `|`, … and the strictest part wins. Then the approval mode.
 * @example evaluateQwen(rs, { tool: 'Bash', command: 'git status && rm -rf x' }).decision // 'ask'
 */
export function evaluateQwen(rs: QwenRuleSet, req: QwenRequest, ctx: EvalContext = {}): Verdict {
  const notes: string[] = [];
  const home = ctx.home ?? '/home/user';
  const root = rs.root;
  const trusted = req.trusted !== false;
  const rules = trusted ? rs.rules : rs.rules.filter((r) => r.scope !== rs.workspaceLayer);
  if (!trusted) notes.push('untrusted folder: Qwen ignores .qwen/settings.json (its rules and settings)');
  const tool = resolveTool(req.tool);
  const call: Call = { tool, command: req.command, params: req.params };
  if (req.path !== undefined) call.filePath = req.path;
  if (req.url !== undefined) {
    try {
      call.domain = new URL(req.url).hostname;
    } catch {
      call.domain = req.url;
    }
  }
  if (req.params) {
    const s = req.params.skill ?? req.params.subagent_type ?? req.params.server_name;
    if (typeof s === 'string') call.specifier = s;
  }
  const rows: TraceRow[] = [];
  const sections: TraceSection[] = [];
  let decision: Decision;
  let rule: QwenRule | undefined;
  let branch: string;
  const unsure: string[] = [];

  if (SHELL_TOOLS.has(tool) && req.command !== undefined) {
    const command = req.command;
    const segments = splitForRules(command);
    const virtual = rules.some((r) => r.tier !== 'allow' && !r.invalid && (READ_TOOLS.has(r.toolName) || EDIT_TOOLS.has(r.toolName) || r.toolName === 'web_fetch'));
    if (virtual && mayHaveOperations(command)) unsure.push('the command may read, write or fetch what a Read/Edit/WebFetch deny or ask rule covers (Qwen\'s shell analysis is not modelled for it)');
    const results = segments.map((seg) => {
      const segRows: TraceRow[] = [];
      const t = tiers(rules, { ...call, command: seg }, root, home, ctx, segRows);
      unsure.push(...t.unsure);
      const changesDir = segments.some((s) => /^\s*(?:cd|pushd)(?:\s|$)/.test(s));
      const resolved: Decision = t.decision !== 'default' ? t.decision : knownReadOnly(changesDir ? command : seg) ? 'allow' : 'ask';
      sections.push({ kind: 'segment', subject: seg, columns: ['matches'], rows: segRows, controlling: t.rule?.index ?? null, decision: resolved, branch: t.rule ? `${t.rule.text} (${t.rule.tier}) matches first` : resolved === 'allow' ? 'no rule: read-only command, allowed' : 'no rule: not known read-only, ask' });
      return { t, resolved };
    });
    decision = 'allow';
    for (const r of results) {
      if (stricter(decision, r.resolved) !== decision) {
        decision = r.resolved;
        rule = r.t.rule;
      } else if (r.resolved === decision && !rule) rule = r.t.rule;
    }
    if (decision === 'allow' && rule === undefined) rule = results.find((r) => r.t.rule)?.t.rule;
    branch = segments.length > 1 ? `${segments.length} segments; the strictest decides: ${decision}` : sections[0].branch;
    if (decision === 'allow' && /\$\(|`|<\(|>\(/.test(command) && rule) notes.push(`${rule.text} allows a command with substitution: Qwen runs it (its own default would ask)`);
  } else {
    const t = tiers(rules, call, root, home, ctx, rows);
    unsure.push(...t.unsure);
    const dflt = defaultPermission(rs, tool, req, trusted);
    decision = t.decision !== 'default' ? t.decision : dflt.decision;
    rule = t.rule;
    branch = t.rule ? `${t.rule.text} (${t.rule.tier}) matches first` : `no rule: ${dflt.why}`;
    sections.push({ kind: 'call', subject: describeCall(req), columns: ['matches'], rows, controlling: t.rule?.index ?? null, decision, branch });
  }

  if (unsure.length && decision !== 'deny') {
    if (decision === 'allow') {
      decision = 'ask';
      rule = undefined;
    }
    notes.push(`at most ask: ${unsure[0]}${unsure.length > 1 ? ` (+${unsure.length - 1} more)` : ''}`);
  }
  const mode = req.mode ?? rs.approvalMode ?? 'auto';
  const effMode = !trusted && mode !== 'default' && mode !== 'plan' ? 'default' : mode;
  const before = decision;
  decision = applyMode(decision, effMode, tool, req, notes, unsure.length > 0);
  if (req.interactive === false && decision === 'ask') decision = 'deny';
  if (req.interactive === false && (SHELL_TOOLS.has(tool) || tool === 'edit' || tool === 'write_file') && decision !== 'deny' && effMode !== 'yolo' && !(effMode === 'auto-edit' && !SHELL_TOOLS.has(tool))) {
    const named = rules.some((r) => r.tier === 'allow' && !r.invalid && !r.specifier && !r.params && ruleToolCovers(r.toolName, tool));
    if (!named) {
      decision = 'deny';
      notes.push(`headless (-p): Qwen adds ${tool} to the deny list unless a tool-level allow names it`);
    }
  }
  if (before !== decision) branch += `; ${effMode} mode: ${decision}`;
  return {
    decision,
    native: decision,
    code: null,
    rule: rule && rule.decision === decision ? { index: rule.index, id: null, label: rule.label } : null,
    details: { mode: effMode, trusted },
    trace: { dialect: 'qwen', branch, sections, notes },
  };
}

/** The approval mode after the rules: yolo runs what is not denied, auto-edit approves edits and fetches, plan and auto are not decided here. */
function applyMode(d: Decision, mode: string, tool: string, req: QwenRequest, notes: string[], unsure: boolean): Decision {
  if (d === 'deny') return d;
  // A call RuleLens could not clear of a deny stays at ask whatever the mode.
  if (unsure) return d;
  if (tool === 'ask_user_question') return 'ask';
  if (mode === 'yolo') return 'allow';
  if (mode === 'auto-edit' && d === 'ask' && (EDIT_TOOLS.has(tool) || tool === 'web_fetch' || tool === 'web_search')) return 'allow';
  if (mode === 'plan' && d === 'allow' && !READ_TOOLS.has(tool)) {
    notes.push('plan mode blocks tools that change state (its shell policy is not modelled): at most ask');
    return 'ask';
  }
  if (mode === 'auto' && d === 'ask') notes.push('auto mode: a classifier decides what would ask (not modelled): ask');
  if (mode === 'auto' && d === 'allow' && (EDIT_TOOLS.has(tool) || SHELL_TOOLS.has(tool))) {
    notes.push('auto mode may review an allow again (dangerous allow rules are dropped, protected writes re-reviewed; not modelled): at most ask');
    return 'ask';
  }
  void req;
  return d;
}

/** The tool's own default when no rule matches (`getDefaultPermission`). */
function defaultPermission(rs: QwenRuleSet, tool: string, req: QwenRequest, trusted: boolean): { decision: Decision; why: string } {
  const dirs = [rs.root, ...rs.includeDirectories];
  const inside = (p: string) => {
    const abs = posix.resolve(rs.root, p);
    return dirs.some((d) => abs === d || abs.startsWith(`${d}/`));
  };
  if (READ_TOOLS.has(tool)) {
    if (tool !== 'read_file' && req.path === undefined) return { decision: 'allow', why: `${tool} without a path searches the workspace: allowed` };
    if (req.path !== undefined && inside(req.path)) return { decision: 'allow', why: `${tool} inside the workspace: allowed` };
    return { decision: 'ask', why: `${tool} outside the workspace folders: ask` };
  }
  if (tool.startsWith('mcp__')) {
    const server = tool.split('__')[1];
    if (trusted && rs.trustedMcpServers.includes(server)) return { decision: 'allow', why: `MCP server ${server} is configured with trust: true` };
    return { decision: 'ask', why: 'MCP tools ask unless their server is trusted' };
  }
  return { decision: 'ask', why: `${tool} asks by default` };
}

/** @example describeCall({ tool: 'Bash', command: 'ls' }) // 'Bash: ls' */
export function describeCall(r: QwenRequest): string {
  return `${r.tool}: ${r.command ?? r.path ?? r.url ?? JSON.stringify(r.params ?? {})}`;
}
