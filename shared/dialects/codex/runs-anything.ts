import { finding, type EvalContext, type Finding } from '../../model';
import { probesFor, spellings, strongestProbe, type Claim, type RunsAnythingHit, type Writable } from '../../programs';
import { evaluateCodex } from './evaluate';
import { prefixMatches } from './match';
import { patternLabel } from './pattern-label';
import { shlexJoin, shlexSplit } from './shlex';
import type { CodexRequest, CodexRule, CodexRuleSet } from './types';

/** Patterns tried per rule at most: one per combination of a position's alternatives. */
const MAX_COMBINATIONS = 16;

/** The command texts a rule's pattern stands for, each followed by any words (`npm run *`). */
function patternsOf(r: CodexRule): string[] {
  let out: string[][] = [[]];
  for (const t of r.pattern) {
    out = out.flatMap((ws) => t.alts.map((a) => [...ws, a])).slice(0, MAX_COMBINATIONS);
  }
  // Words that need quoting cannot be spelled as a pattern's plain words.
  return out.filter((ws) => ws.every((w) => /^[^\s'"\\*?]+$/.test(w))).map((ws) => `${ws.join(' ')} *`);
}

/** A home directory to spell `~` with when the context names none: any absolute path shows the same. */
const SOME_HOME = '/home/user';

/**
 * The request Codex sees for a witness: its words, with a leading `~` spelled as the home
 * directory. Codex runs an argv without a shell, and keeps a `bash -lc` script holding `~` whole
 * (a word a shell expands), so the agent writes the path out: `["curl", "-o", "/home/user/.bashrc", …]`
 * is what a prefix rule admits.
 * @example codexRequest('npm exec -y x') // { command: ['npm', 'exec', '-y', 'x'] }
 * @example codexRequest('curl -o ~/.bashrc u', '/home/me') // { command: ['curl', '-o', '/home/me/.bashrc', 'u'] }
 */
export function codexRequest(text: string, home = SOME_HOME): CodexRequest | undefined {
  const argv = shlexSplit(text);
  return argv ? { command: argv.map((w) => (w === '~' ? home : w.startsWith('~/') ? home + w.slice(1) : w)) } : undefined;
}

/** A path without the slashes that end it, scanned from the end. */
function withoutTrailingSlash(p: string): string {
  let end = p.length;
  while (end > 0 && (p[end - 1] === '/' || p[end - 1] === '\\')) end--;
  return p.slice(0, end);
}

/** A witness as the message shows it: the command Codex is asked to allow, a `~` written out (other text as it was). */
function shown(text: string, home: string): string {
  const argv = shlexSplit(text);
  const req = codexRequest(text, home);
  return argv && req && req.command.some((w, i) => w !== argv[i]) ? shlexJoin(req.command) : text;
}

/**
 * Codex writes files inside the workspace without asking when it runs with the workspace-write
 * sandbox (a trusted project): `assess_patch_safety` in codex-rs/core/src/safety.rs auto-approves a
 * patch confined to the writable roots under the on-request policy.
 */
const WRITES_FREELY: Omit<Writable, 'note'> = { allowed: true };

/**
 * An allow's strongest knowledge-base witness: this rule matches it, and Codex allows it with every
 * rule of the file in force (the strictest match wins, so a forbid elsewhere still stops it).
 */
export function runsAnythingHit(rs: CodexRuleSet, r: CodexRule, ctx: EvalContext): RunsAnythingHit | undefined {
  const home = withoutTrailingSlash(ctx.home ?? '') || SOME_HOME;
  const verdict = (req: CodexRequest) => evaluateCodex(rs, req, ctx);
  const allows = (text: string) => {
    const req = codexRequest(text, home);
    return !!req && verdict(req).decision === 'allow';
  };
  const matchesRule = (text: string) => {
    const req = codexRequest(text, home);
    return !!req && prefixMatches(r, req.command);
  };
  const probes = patternsOf(r)
    .flatMap((p) => probesFor(p))
    .map((p) => ({ ...p, command: shown(p.command, home), followUp: p.followUp.map((f) => shown(f, home)) }));
  const admitted = probes.filter((p) => matchesRule(p.command) && allows(p.command) && p.followUp.every(allows));
  const best = strongestProbe(admitted, (p) => ({ ...WRITES_FREELY, note: `in a trusted project Codex writes ${p.capability.writes} without asking (workspace-write sandbox)` }));
  if (!best) return undefined;
  const claims: Claim[] = [best.probe.command, ...best.probe.followUp].map((c) => ({ request: codexRequest(c, home), decision: 'allow' }));
  return { label: `[${patternLabel(r.pattern)}]`, range: r.patternRange, probe: best.probe, also: best.also, ...(best.writable ? { writable: best.writable } : {}), claims, data: { rule: r.index } };
}

/**
 * `deny-narrower-than-it-looks` for Codex: a forbidden prefix whose command, spelled with its flags
 * reordered, split or long, is not forbidden. Codex compares words exactly, so `rm -fr` is not
 * `rm -rf`; an absolute program path it resolves itself is no dodge, and the evaluator says so.
 */
export function narrowDenyFinding(rs: CodexRuleSet, r: CodexRule, ctx: EvalContext): Finding | undefined {
  const words = r.pattern.map((t) => t.alts[0]);
  if (!words.every((w) => /^[\w./~@+=:-]+$/.test(w))) return undefined;
  const subject = words.join(' ');
  const decide = (argv: string[]) => evaluateCodex(rs, { command: argv }, ctx);
  if (decide(words).native !== 'forbidden') return undefined;
  const dodges = spellings(subject, { shell: false })
    .map((s) => ({ ...s, argv: s.command.split(' ') }))
    .map((s) => ({ ...s, got: decide(s.argv).native }))
    .filter((s) => s.got !== 'forbidden');
  if (!dodges.length) return undefined;
  const [w] = dodges;
  const more = dodges.length > 1 ? ` (and ${dodges.length - 1} more spelling${dodges.length > 2 ? 's' : ''})` : '';
  const everyday = dodges.some((d) => d.kind === 'flags' || d.kind === 'long');
  return finding('deny-narrower-than-it-looks', everyday ? 'warning' : 'information', `\`${w.command}\` is ${w.got === 'allow' ? 'allowed' : 'prompted, not forbidden'}${more}: [${patternLabel(r.pattern)}] forbids \`${shlexJoin(words)}\`, the same command`, r.patternRange, {
    related: dodges.slice(1).map((d) => ({ range: r.patternRange, message: `\`${d.command}\` is ${d.got === 'allow' ? 'allowed' : 'prompted'} too` })),
    witness: w.command,
    data: { rule: r.index, dodges: dodges.map((d) => d.command), claims: [{ request: { command: words }, decision: 'deny' }, ...dodges.map((d) => ({ request: { command: d.argv }, notDecision: 'deny' }))] },
  });
}
