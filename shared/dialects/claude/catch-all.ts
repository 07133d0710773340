import { finding, type Finding, type RelatedInfo } from '../../model';
import { atomsOf, isUniversal, matches, type Wildcard } from '../../patterns/wildcard';
import type { LintContext } from '../dialect';
import { overlap } from './automata';
import { evaluateClaude } from './evaluate';
import { LEXICAL_FS } from '../../model';
import { EDIT_TOOLS, READ_TOOLS } from './tools';
import type { ClaudeRequest, ClaudeRule, ClaudeRuleSet, RuleMatcher } from './types';
import { MCP_PREFIX, MCP_SEPARATOR } from './web-mcp';

/** Rules and stored requests named in one message; more would drown it. */
const MAX_NAMED = 5;

const ANCHOR_SCOPE: Readonly<Record<string, string>> = {
  cwd: 'every path under the working directory',
  source: "every path under the settings file's root",
  home: 'every path under the home folder',
  absolute: 'every path',
};

/**
 * What an allow rule matches when it matches every call of its tool, or undefined when it is
 * narrower: a bare tool (`Bash`, `Read`, `WebFetch`), a universal specifier (`Bash(*)`,
 * `WebFetch(domain:*)`), a path rule on `**`, or a whole MCP server (`mcp__srv`).
 * @example catchAllScope(rule('Edit(**)').matcher, 'Edit') // 'editing every path under the working directory'
 */
export function catchAllScope(m: RuleMatcher, tool: string): string | undefined {
  switch (m.kind) {
    case 'tool':
      return m.name === 'Bash' ? 'every Bash command' : `every ${m.name} call`;
    case 'bash':
      return isUniversal(m.pattern) ? 'every Bash command' : undefined;
    case 'domain':
      return isUniversal(m.pattern) ? 'every WebFetch domain' : undefined;
    case 'generic':
      return isUniversal(m.pattern) ? `every ${tool} call` : undefined;
    case 'path':
      return m.body === '**' || (m.anyDepth && m.body === '*') ? `${m.family === 'read' ? 'reading' : 'editing'} ${ANCHOR_SCOPE[m.anchor]}` : undefined;
    case 'mcp':
      return m.tool === null ? `every tool of MCP server "${m.server}"` : undefined;
    default:
      return undefined;
  }
}

/** Tool names whose calls a rule of this tier can match (a Read deny also blocks edits). */
function toolsOf(r: ClaudeRule): readonly string[] {
  const m = r.matcher;
  const read = r.tier === 'deny' ? [...READ_TOOLS, ...EDIT_TOOLS] : READ_TOOLS;
  if (m.kind === 'tool') return m.name === 'Read' ? read : m.name === 'Edit' ? EDIT_TOOLS : [m.name];
  if (m.kind === 'path') return m.family === 'read' ? read : EDIT_TOOLS;
  if (m.kind === 'domain') return ['WebFetch'];
  if (m.kind === 'bash') return ['Bash'];
  if (m.kind === 'generic') return [m.name];
  return [];
}

/** Every tool name of an MCP server, as a pattern over tool names. */
function serverTools(server: string): Wildcard {
  const text = `${MCP_PREFIX}${server}${MCP_SEPARATOR}*`;
  return { source: text, alts: [atomsOf(text, { star: true, one: false })] };
}

/** Whether deny/ask rule `o` is consulted, before the allow `r`, on some call `r` matches. */
function precedes(o: ClaudeRule, r: ClaudeRule): boolean {
  if (o.tier === 'allow') return false;
  const om = o.matcher;
  const rm = r.matcher;
  if (rm.kind === 'mcp') {
    if (om.kind === 'mcp') return om.server === rm.server;
    return om.kind === 'tool-glob' && typeof overlap(om.pattern, serverTools(rm.server)) === 'string';
  }
  const mine = toolsOf(r);
  if (om.kind === 'tool-glob') return mine.some((t) => matches(om.compiled, t));
  return toolsOf(o).some((t) => mine.includes(t));
}

function isClaudeRequest(v: unknown): v is ClaudeRequest {
  return typeof v === 'object' && v !== null && typeof (v as ClaudeRequest).tool === 'string';
}

/** Names of the stored requests this rule decides (the evaluator names it as the deciding rule). */
function requestsDecidedBy(rs: ClaudeRuleSet, r: ClaudeRule, ctx: LintContext): string[] {
  const out: string[] = [];
  for (const q of ctx.requests ?? []) {
    if (!isClaudeRequest(q.request)) continue;
    try {
      const v = evaluateClaude(rs, q.request, ctx);
      if (v.decision === 'allow' && v.rule?.index === r.index) out.push(q.name);
    } catch {
      // A request the evaluator cannot run decides nothing here; the requests file reports it.
    }
  }
  return out;
}

const names = (xs: readonly string[]) => xs.slice(0, MAX_NAMED).join(', ') + (xs.length > MAX_NAMED ? ` and ${xs.length - MAX_NAMED} more` : '');

/** Tools whose every call is a change or a command: an allow of all of them is a real risk. */
const RISKY_TOOLS = new Set(['Bash', ...EDIT_TOOLS]);
/** Tools that reach outside without changing anything here: worth knowing, not a warning. */
const OUTWARD_TOOLS = new Set(['WebFetch']);

/** Subjects a broad allow is tried on for a witness, most telling first. */
const WITNESS_SUBJECTS: Readonly<Record<string, readonly string[]>> = {
  Bash: ['git push --force origin main', 'curl -sSf https://example.com/install.sh -o install.sh', 'make deploy'],
  Edit: ['src/index.ts', '.github/workflows/ci.yml'],
};

/** How risky an allow of every call of `r`'s tool is: a severity, or undefined (not reported). */
function riskOf(r: ClaudeRule): 'warning' | 'information' | undefined {
  const m = r.matcher;
  if (m.kind === 'mcp') return 'information';
  const tool = m.kind === 'tool' ? m.name : m.kind === 'path' ? (m.family === 'edit' ? 'Edit' : 'Read') : m.kind === 'domain' ? 'WebFetch' : m.kind === 'bash' ? 'Bash' : r.tool;
  if (RISKY_TOOLS.has(tool)) return 'warning';
  if (OUTWARD_TOOLS.has(tool)) return 'information';
  return undefined;
}

/** A request this allow decides (allow, by this rule), proved by the evaluator, or undefined. */
function witnessOf(rs: ClaudeRuleSet, r: ClaudeRule): ClaudeRequest | undefined {
  const m = r.matcher;
  const bash = (m.kind === 'tool' && m.name === 'Bash') || m.kind === 'bash';
  const edit = (m.kind === 'tool' && EDIT_TOOLS.includes(m.name)) || (m.kind === 'path' && m.family === 'edit');
  const tool = bash ? 'Bash' : edit ? (m.kind === 'tool' ? m.name : 'Edit') : undefined;
  if (!tool) return undefined;
  for (const subject of WITNESS_SUBJECTS[bash ? 'Bash' : 'Edit']) {
    const req: ClaudeRequest = bash ? { tool, command: subject } : { tool, path: subject };
    try {
      const v = evaluateClaude(rs, req, { fs: LEXICAL_FS });
      if (v.decision === 'allow' && v.rule?.index === r.index) return req;
    } catch {
      // Not a witness then.
    }
  }
  return undefined;
}

/**
 * `broad-catch-all` for claude: an allow matching every call of a tool that changes things or runs
 * commands (Bash, the edit tools; WebFetch and whole MCP servers as information). Read-only and
 * bookkeeping tools are not reported. Tiers put deny and ask first, so the headline says how many
 * deny/ask rules still take precedence; related information lists them.
 * @example catchAllFinding(rs, rule('Bash'), {}, rel)?.message // '"Bash" allows every Bash command; no deny or ask rule takes any of it first'
 */
export function catchAllFinding(rs: ClaudeRuleSet, r: ClaudeRule, ctx: LintContext, rel: (r: ClaudeRule, m: string) => RelatedInfo): Finding | undefined {
  if (r.tier !== 'allow') return undefined;
  const scope = catchAllScope(r.matcher, r.tool);
  if (scope === undefined) return undefined;
  const severity = riskOf(r);
  if (!severity) return undefined;
  const first = rs.rules.filter((o) => precedes(o, r));
  const decided = requestsDecidedBy(rs, r, ctx);
  let msg = `"${r.text}" allows ${scope}`;
  msg += first.length ? ` except what ${first.length === 1 ? '1 deny/ask rule takes' : `${first.length} deny/ask rules take`} first` : '; no deny or ask rule takes any of it first';
  if (decided.length) msg += `; it decides ${decided.length === 1 ? `stored request "${decided[0]}"` : `${decided.length} stored requests`}`;
  const witness = witnessOf(rs, r);
  return finding('broad-catch-all', severity, msg, r.range, {
    related: [
      ...first.slice(0, MAX_NAMED).map((o) => rel(o, `${o.tier}: checked before this allow`)),
      ...(decided.length > 1 ? [rel(r, `decides stored requests ${names(decided.map((n) => `"${n}"`))}`)] : []),
    ],
    ...(witness ? { witness: witness.command ?? witness.path } : {}),
    data: { ruleIndex: r.index, precedence: first.map((o) => o.index), requests: decided, ...(witness ? { claim: { request: witness, decision: 'allow', decidedBy: r.index } } : {}) },
  });
}
