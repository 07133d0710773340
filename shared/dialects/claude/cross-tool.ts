import { clipText, finding, type Finding, type RelatedInfo } from '../../model';
import { fileCommand, READERS, WRITERS, type FileCommand } from '../../programs';
import { matches } from '../../patterns/wildcard';
import { addRuleEdits, withRules, type ClaudeQuickFix } from './fixes';
import { decideWith, requestFor } from './lint-confirm';
import { candidatesFor, firstWord } from './rule-index';
import type { ClaudeRule, ClaudeRuleSet } from './types';

/** A reader or writer of the knowledge base, for one file. */
function command(c: FileCommand, file: string): string {
  return fileCommand(c, file);
}

/** A file a path rule names: its wildcards filled with plain letters, or undefined for classes and braces. */
function fileOf(r: ClaudeRule): string | undefined {
  const m = r.matcher;
  if (m.kind !== 'path' || /[[\]{}]/.test(m.body) || m.body === '**' || m.body === '*') return undefined;
  const subject = m.body.replace(/\*\*/g, 'a').replace(/[*?]/g, 'x');
  const req = requestFor(m, subject, r);
  // The Bash side reads the path as a shell word: keep it plain.
  return req?.path && /^[\w./~@+-]+$/.test(req.path) ? req.path : undefined;
}

/**
 * `cross-tool-bypass`: a Read/Edit deny on a path while a Bash allow runs a reader or writer on
 * that very path. Both halves are proved by the evaluator: the file tool is denied, the shell
 * command naming the same file is allowed.
 * @example crossToolFindings(rs, own, rel)[0].witness // 'cat .env' for Read(./.env) deny + Bash(cat:*) allow
 */
export function crossToolFindings(rs: ClaudeRuleSet, own: readonly ClaudeRule[], rel: (r: ClaudeRule, m: string) => RelatedInfo, skip: ReadonlySet<number> = new Set()): Finding[] {
  const bashAllows = rs.rules.filter((r) => r.tier === 'allow' && (r.matcher.kind === 'bash' || (r.matcher.kind === 'tool' && r.matcher.name === 'Bash')));
  if (!bashAllows.length) return [];
  // Only allows that can match the command's first word are tried (saved approvals run to hundreds).
  const admitted = (cmd: string) => {
    const at = candidatesFor(bashAllows, new Set([firstWord(cmd)]));
    const tried = at ? at.map((i) => bashAllows[i]) : bashAllows;
    return tried.some((r) => r.matcher.kind !== 'bash' || matches(r.matcher.compiled, cmd));
  };
  const hits: Array<{ deny: ClaudeRule; by: ClaudeRule; cmd: string; toolReq: { tool: string; path: string }; others: Array<{ cmd: string; by: ClaudeRule; does: string }> }> = [];
  for (const d of own) {
    if (d.tier !== 'deny' || d.matcher.kind !== 'path' || skip.has(d.index)) continue;
    const file = fileOf(d);
    if (!file) continue;
    const toolReq = { tool: d.matcher.family === 'read' ? 'Read' : 'Edit', path: file };
    if (decideWith(rs, rs.rules, toolReq).decision !== 'deny') continue;
    // Every reader (or writer) that gets through: the first leads, the others are listed.
    const through: Array<{ cmd: string; by: ClaudeRule; does: string }> = [];
    for (const t of d.matcher.family === 'read' ? READERS : WRITERS) {
      const cmd = command(t, file);
      if (!admitted(cmd)) continue;
      const o = decideWith(rs, rs.rules, { tool: 'Bash', command: cmd });
      if (o.decision !== 'allow' || o.rule === null) continue;
      through.push({ cmd, by: rs.rules[o.rule], does: t.does });
    }
    if (through.length) hits.push({ deny: d, by: through[0].by, cmd: through[0].cmd, toolReq, others: through.slice(1) });
  }
  /** The further readers or writers of one deny's file, each at the rule that allows it. */
  const othersOf = (h: { others: ReadonlyArray<{ cmd: string; by: ClaudeRule; does: string }> }): RelatedInfo[] => h.others.map((o) => rel(o.by, `allows \`${o.cmd}\` too (it ${o.does})`));
  // One root cause, one finding: an allow of this file that bypasses several denies is reported
  // once, on the allow, with the denies it bypasses as related information.
  const out: Finding[] = [];
  const fixFor = (group: typeof hits) => shellDenyFix(rs, group);
  const byAllow = new Map<ClaudeRule, typeof hits>();
  for (const h of hits) byAllow.set(h.by, [...(byAllow.get(h.by) ?? []), h]);
  for (const [by, group] of byAllow) {
    const first = group[0];
    const verb = first.deny.matcher.kind === 'path' && first.deny.matcher.family === 'read' ? 'reads' : 'writes';
    const claims = { claim: { request: { tool: 'Bash', command: first.cmd }, decision: 'allow' }, denied: { request: first.toolReq, decision: 'deny' } };
    if (by.file === rs.path && group.length > 1) {
      out.push(finding('cross-tool-bypass', 'warning', `${group.length} denied files can be ${verb === 'reads' ? 'read' : 'written'} through Bash: "${clip(by.text)}" allows \`${first.cmd}\``, by.range, {
        related: group.flatMap((h) => [rel(h.deny, `denied to the file tools, yet \`${h.cmd}\` is allowed`), ...othersOf(h)]),
        witness: first.cmd,
        data: { ruleIndex: by.index, denies: group.map((h) => h.deny.index), ...claims, ...withFix(fixFor(group)) },
      }));
      continue;
    }
    for (const h of group) {
      const what = verb === 'reads' ? 'read' : 'written';
      const more = h.others.length ? ` (and ${h.others.length} more command${h.others.length > 1 ? 's' : ''})` : '';
      out.push(finding('cross-tool-bypass', 'warning', `${h.toolReq.path} can be ${what} through Bash: "${clip(by.text)}" allows \`${h.cmd}\`${more}, despite "${clip(h.deny.text)}"`, h.deny.range, {
        related: [rel(by, `allows \`${h.cmd}\`, which ${verb} the same file`), ...othersOf(h)],
        witness: h.cmd,
        data: { ruleIndex: h.deny.index, by: by.index, claim: { request: { tool: 'Bash', command: h.cmd }, decision: 'allow' }, denied: { request: h.toolReq, decision: 'deny' }, ...withFix(fixFor([h])) },
      }));
    }
  }
  return out;
}

const withFix = (quickFix: ClaudeQuickFix | undefined) => (quickFix ? { quickFix } : {});

/** Rule texts as a headline quotes them. */
const clip = (s: string) => clipText(s, 44);

/** The path a deny names as a Bash pattern: its wildcards as `*`, or undefined when it has classes or braces. */
function shellPathPattern(d: ClaudeRule): string | undefined {
  const m = d.matcher;
  if (m.kind !== 'path' || /[[\]{}()]/.test(m.body)) return undefined;
  const body = m.body.replace(/[*?]+/g, '*');
  return body === '*' ? undefined : body;
}

/**
 * The quick fix: the same protection on the shell side, a Bash deny per program that reads (or
 * writes) the file through the allow, `Bash(cat *.env*)` — the file anywhere in the command. A deny
 * only ever makes decisions stricter; it is offered when the evaluator then denies every witness.
 */
function shellDenyFix(rs: ClaudeRuleSet, group: ReadonlyArray<{ deny: ClaudeRule; cmd: string }>): ClaudeQuickFix | undefined {
  const rules: string[] = [];
  for (const h of group) {
    const p = shellPathPattern(h.deny);
    if (!p) return undefined;
    const program = h.cmd.split(' ')[0];
    rules.push(`Bash(${program} *${p}*)`.replace(/\*+/g, '*'));
  }
  const unique = [...new Set(rules)].filter((t) => !rs.rules.some((o) => o.tier === 'deny' && o.text === t));
  if (!unique.length) return undefined;
  const fixed = withRules(rs, group[0].deny, 'deny', unique);
  const proves = group.map((h) => ({ request: { tool: 'Bash', command: h.cmd }, decision: 'deny' as const }));
  if (proves.some((p) => decideWith(fixed, fixed.rules, p.request).decision !== 'deny')) return undefined;
  return { title: unique.length === 1 ? `Add deny "${unique[0]}" (the same file through Bash)` : `Add ${unique.length} Bash denies for the same files ("${unique[0]}", …)`, edits: addRuleEdits(rs.source.text, 'deny', unique), proves };
}
