import { finding, type Finding } from '../../model';
import { probesFor, runsAnythingFindings, strongestProbe, type Claim, type RunsAnythingHit } from '../../programs';
import { evaluateCursor } from './evaluate';
import { shellRuleMatches } from './match';
import type { CursorRequest, CursorRule, CursorRuleSet } from './types';
import { readEntry } from './rule-grammar';

/**
 * An allow's strongest knowledge-base witness (`shared/programs/`): a command the rule matches and
 * Cursor allows with every rule of the file in force (a deny elsewhere still stops it).
 * @example runsAnythingHit(rs, rs.rules[0])?.probe.command // "bash -c 'id'"
 */
export function runsAnythingHit(rs: CursorRuleSet, r: CursorRule): RunsAnythingHit | undefined {
  if (r.type !== 'Shell' || r.commandBase === undefined) return undefined;
  const request = (command: string): CursorRequest => ({ tool: 'Shell', command, printMode: false, force: false });
  const allows = (command: string) => evaluateCursor(rs, request(command)).decision === 'allow';
  const matchesRule = (command: string) => shellRuleMatches(r, command.split(' ').filter(Boolean));
  const admitted = probesFor(`${r.commandBase} ${r.args ?? '*'}`).filter((p) => matchesRule(p.command) && allows(p.command) && p.followUp.every(allows));
  // Cursor documents no write the agent makes without asking: a written file is no part of the proof.
  const best = strongestProbe(admitted, () => undefined);
  if (!best) return undefined;
  const claims: Claim[] = [best.probe.command, ...best.probe.followUp].map((c) => ({ request: request(c), decision: 'allow' }));
  return { label: `Shell(${r.argument})`, range: r.range, probe: best.probe, also: best.also, claims, data: { rule: r.index } };
}

/** A deny that covers everything an allow covers, for rules of the same type: the allow decides nothing. */
function coveredBy(allow: CursorRule, deny: CursorRule): boolean {
  if (allow.type !== deny.type) return false;
  if (deny.argument === allow.argument) return true;
  if (allow.type === 'Shell') return deny.args === undefined && allow.commandBase !== undefined && deny.commandBase !== undefined && (deny.commandBase === '*' || deny.commandBase === allow.commandBase);
  if (allow.type === 'Read' || allow.type === 'Write') return deny.argument === '**' || deny.argument === '**/*';
  if (allow.type === 'Mcp') return deny.server === '*' || (deny.server === allow.server && deny.tool === '*');
  return false;
}

/**
 * Cursor CLI lints: entries that never match (unknown or mis-cased types, Claude's `git *`
 * spelling), allows a deny makes dead, allows of programs that run anything, broad writes, and the
 * trust caveat of a project file's allows.
 * @example lintCursor(parseCursor({ path: '.cursor/cli.json', text: '{"permissions":{"allow":["Bash(ls)"]}}' }))[0].code // 'never-matches'
 */
export function lintCursor(rs: CursorRuleSet): Finding[] {
  const out: Finding[] = [];
  const hits: RunsAnythingHit[] = [];
  const own = rs.rules.filter((r) => r.file === undefined);
  let trustNoted = false;
  for (const r of own) {
    const shape = readEntry(r.text);
    if (r.never && shape.never) out.push(finding('never-matches', 'warning', r.never, r.range));
    if (shape.unconfirmed) out.push(finding('cursor-unconfirmed-syntax', 'information', `${shape.unconfirmed}: confirm against your Cursor CLI version`, r.range));
    if (r.never) continue;
    if (r.type === 'Shell' && r.commandBase !== undefined && r.args === undefined && /\s/.test(r.commandBase)) {
      out.push(finding('never-matches', 'warning', `Shell(${r.argument}) compares "${r.commandBase}" with the command's first token, which never holds a space; write Shell(${r.commandBase.split(/\s+/)[0]}) or Shell(${r.commandBase.split(/\s+/)[0]}:${r.commandBase.split(/\s+/).slice(1).join(' ')})`, r.range));
      continue;
    }
    if (r.native === 'allow') {
      const deny = rs.rules.find((d) => d.native === 'deny' && !d.never && coveredBy(r, d));
      if (deny) out.push(finding('dead-rule', 'information', `this allow decides nothing: the deny ${deny.text} covers everything it matches, and deny rules take precedence`, r.range, { unnecessary: true, related: [{ range: deny.range, message: `the deny ${deny.text}`, ...(deny.file ? { path: deny.file } : {}) }] }));
      const hit = runsAnythingHit(rs, r);
      if (hit) hits.push(hit);
      if (r.type === 'Write' && ['**', '/**', '**/*', '*'].includes(r.argument.trim())) out.push(finding('allow-runs-anything', 'warning', `Write(${r.argument}) lets the agent write ${r.argument.startsWith('/') ? 'any file on the machine' : 'every file of the workspace'} without asking, .git/hooks and build scripts included`, r.range));
      if (rs.layer === 'project' && !trustNoted && (trustNoted = true)) out.push(finding('cursor-project-allow', 'information', 'allows in the project file: whoever commits .cursor/cli.json grants them, and Cursor documents no trust prompt for these rules', r.range));
    }
  }
  out.push(...runsAnythingFindings(hits));
  return out;
}
