import { applyEdits, modify, parseTree, findNodeAtLocation, getNodeValue } from 'jsonc-parser';
import type { ClaudeRule, ClaudeRuleSet } from '../types';
import type { AnyDialect } from '../../dialect';
import type { EvalContext } from '../../../model';
import { bashProposals, hostOf, pathFamily, pathProposals, subCommands, subjectOf, type Proposal } from './proposals';
import { judge, requestFor } from '../../../history/evaluate';
import { proveSuggestion, type Judged, type ProofDialect } from '../../../history/suggest-proof';
import { MAX_PROOF_ROUNDS, type SuggestedRule, type Suggestion, type SuggestScope } from '../../../history/suggestion';
import type { HistoryEntry } from '../../../history/types';

type Parse = (text: string) => ClaudeRuleSet;

/** Whether an allow grants more than one exact thing: a wildcard, a bare tool, a server-wide MCP rule. */
export function isBroad(r: ClaudeRule): boolean {
  if (r.tier !== 'allow') return false;
  const m = r.matcher;
  if (m.kind === 'tool' || m.kind === 'tool-glob') return true;
  if (m.kind === 'mcp') return m.tool === null;
  if (m.kind === 'bash' || m.kind === 'domain' || m.kind === 'generic') return r.text.includes('*');
  if (m.kind === 'path') return m.anyDepth || /[*?[]/.test(m.body);
  return false;
}

/**
 * The least-privilege rewrite of a Claude Code settings file from observed calls: each broad
 * allow of the file is replaced by narrow rules covering exactly the approved calls it allowed
 * (a two-word command prefix, a project folder glob, a host, an exact tool), unused broad allows
 * are removed, and observed denials the rules would not deny get an exact deny. Never an allow
 * for a runs-anything command. Every rule is proved with the evaluator against every observed
 * call; a group that fails is narrowed to exact rules.
 * @example suggestClaude(claude, rs, text, (t) => claude.parse({ path, text: t }), entries, ctx).rules
 */
export function suggestClaude(dialect: AnyDialect, rs: ClaudeRuleSet, text: string, parse: Parse, entries: readonly HistoryEntry[], ctx: EvalContext, scope?: SuggestScope): Suggestion {
  const own = rs.rules.filter((r) => r.file === rs.path);
  const broad = own.filter((r) => isBroad(r) && (scope === undefined || r.index === scope.rule));
  const judged: Judged[] = [];
  for (const e of entries) {
    const r = requestFor(dialect, e);
    if (r.request === undefined) continue;
    const v = judge(dialect, rs, r.request, ctx);
    judged.push({ entry: e, request: r.request, before: v.decision });
  }
  // Which broad allow each approved, allowed call leans on: judge each of its subjects alone.
  const leaning = new Map<number, { bash: Map<string, number>; paths: Map<'Read' | 'Edit', Map<string, number>>; hosts: Map<string, number>; tools: Map<string, number> }>();
  const bucket = (i: number) => {
    let b = leaning.get(i);
    if (!b) leaning.set(i, (b = { bash: new Map(), paths: new Map(), hosts: new Map(), tools: new Map() }));
    return b;
  };
  const add = (m: Map<string, number>, k: string, n: number) => m.set(k, (m.get(k) ?? 0) + n);
  const broadOf = (request: unknown): number | null => {
    const v = judge(dialect, rs, request, ctx);
    const i = v.rule?.index;
    return v.decision === 'allow' && i !== undefined && broad.some((b) => b.index === i) ? i : null;
  };
  for (const j of judged) {
    if (j.entry.call.outcome !== 'approved' || j.before !== 'allow') continue;
    const c = j.entry.call;
    if (c.tool === 'Bash' && c.command !== undefined) {
      for (const s of subCommands(c.command)) {
        const i = broadOf({ ...(j.request as object), command: s });
        if (i !== null) add(bucket(i).bash, s, j.entry.count);
      }
      continue;
    }
    const i = broadOf(j.request);
    if (i === null) continue;
    const fam = pathFamily(c.tool);
    if (fam && c.path !== undefined) {
      const m = bucket(i).paths.get(fam) ?? new Map<string, number>();
      bucket(i).paths.set(fam, m);
      add(m, c.path, j.entry.count);
    } else if (c.tool === 'WebFetch' && c.url !== undefined && hostOf(c.url)) add(bucket(i).hosts, hostOf(c.url)!, j.entry.count);
    else add(bucket(i).tools, c.tool, j.entry.count);
  }

  // Propose, prove, narrow what fails, repeat.
  const exactBash = new Set<string>();
  const exactDirs = new Set<string>();
  let last: Suggestion | undefined;
  for (let round = 0; round < MAX_PROOF_ROUNDS; round++) {
    const rules: SuggestedRule[] = [];
    const left: Suggestion['left'] = [];
    const removed: Suggestion['removed'] = [];
    for (const b of broad) {
      const use = leaning.get(b.index);
      const calls = use ? [...use.bash.values(), ...[...use.paths.values()].flatMap((m) => [...m.values()]), ...use.hosts.values(), ...use.tools.values()].reduce((x, y) => x + y, 0) : 0;
      removed.push({ rule: b.text, calls });
      if (!use) continue;
      const emit = (ps: Proposal[], counts: Map<string, number>, kind: string) => {
        for (const p of ps) {
          const n = p.covers.reduce((x, s) => x + (counts.get(s) ?? 0), 0);
          rules.push({ tier: 'allow', rule: p.rule, replaces: b.text, covers: p.covers, calls: n, why: `${p.wildcard ? `${p.covers.length} ${kind} observed under it` : `observed as is`} (${n} call${n === 1 ? '' : 's'}), allowed until now by ${b.text}` });
        }
      };
      // A wildcard must stay inside the allow it replaces; one that cannot be shown to is split.
      let bp = bashProposals(use.bash.keys(), exactBash);
      const outsideBash = bp.proposals.filter((p) => p.wildcard && !within(b, p)).map((p) => p.pattern!.slice(0, -2));
      if (outsideBash.length) bp = bashProposals(use.bash.keys(), new Set([...exactBash, ...outsideBash]));
      emit(bp.proposals, use.bash, 'commands');
      for (const l of bp.left) left.push({ ...l, calls: use.bash.get(l.subject) ?? 0 });
      for (const [fam, m] of use.paths) {
        let pp = pathProposals(fam, m.keys(), rs.root, exactDirs);
        const outsideDirs = pp.proposals.filter((p) => p.wildcard && !within(b, p)).map((p) => globDir(p.rule)!);
        if (outsideDirs.length) pp = pathProposals(fam, m.keys(), rs.root, new Set([...exactDirs, ...outsideDirs]));
        emit(pp.proposals, m, 'files');
        for (const l of pp.left) left.push({ ...l, calls: m.get(l.subject) ?? 0 });
      }
      for (const [h, n] of use.hosts) rules.push({ tier: 'allow', rule: `WebFetch(domain:${h})`, replaces: b.text, covers: [h], calls: n, why: `fetches from ${h} (${n} call${n === 1 ? '' : 's'}), allowed until now by ${b.text}` });
      for (const [t, n] of use.tools) rules.push({ tier: 'allow', rule: t, replaces: b.text, covers: [t], calls: n, why: `${t} calls (${n}), allowed until now by ${b.text}` });
    }
    const draft = scope ? renderInPlace(text, rs, broad, rules) : render(text, broad, rules);
    // A scoped rewrite changes its one rule only: the denials are the whole-file rewrite's to add.
    const deny = scope ? [] : denials(dialect, parse(draft), judged, rs.root, ctx);
    rules.push(...deny);
    const finalText = deny.length ? render(text, broad, rules) : draft;
    const next = parse(finalText);
    const proof = proveSuggestion(dialect, next, judged, rules, left, ctx, CLAUDE_PROOF, scope ? rs : undefined);
    last = { text: finalText, rules: dedupeRules(rules), removed, left: mergeLeft(left), proof };
    // Narrow every wildcard rule that failed a proof obligation, and try again.
    const failing = rules.filter((r) => r.tier === 'allow' && /\*/.test(r.rule) && (proof.runsAnything.some((w) => w.startsWith(`${r.rule}:`)) || proof.deniedAllowed.some((d) => d.startsWith(`${r.rule}:`)) || proof.approvedChanged.some((c) => r.covers.some((s) => c.describe.includes(s)))));
    if (!failing.length) return last;
    for (const r of failing) {
      const m = /^Bash\((.*) \*\)$/.exec(r.rule);
      if (m) exactBash.add(m[1]);
      const d = /^(?:Read|Edit)\(\/(.*)\/\*\*\)$/.exec(r.rule);
      if (d) exactDirs.add(d[1]);
    }
  }
  return last!;
}

/** The folder of a proposed `Family(/dir/**)` rule. */
function globDir(rule: string): string | undefined {
  return /^(?:Read|Edit)\(\/(.*)\/\*\*\)$/.exec(rule)?.[1];
}

/**
 * Whether everything a proposed wildcard admits, the broad allow it replaces admitted too — by the
 * patterns' shapes, so the answer is sound: a whole tool; `Bash(base*)` with one trailing star and
 * a proposal starting with `base`; `Family(/dir/**)` (project-anchored, no other glob) with the
 * proposal inside `dir`. Anything else is not shown to be inside and gets exact rules.
 * @example within(rule('Bash(npm *)'), { rule: 'Bash(npm run *)', pattern: 'npm run *', … }) // true
 */
export function within(b: ClaudeRule, p: Proposal): boolean {
  const m = b.matcher;
  if (m.kind === 'tool' || m.kind === 'tool-glob') return true;
  if (m.kind === 'bash' && p.pattern !== undefined) {
    const spec = b.specifier ?? '';
    if (spec.indexOf('*') !== spec.length - 1 || /[?[]/.test(spec)) return false;
    return p.pattern.startsWith(spec.slice(0, -1).replace(/:$/, ''));
  }
  const dir = globDir(p.rule);
  if (m.kind === 'path' && dir !== undefined && m.anchor === 'source' && !m.anyDepth) {
    if (m.body === '**') return true;
    const base = /^([^*?[\]{}!]+)\/\*\*$/.exec(m.body)?.[1];
    return base !== undefined && (dir === base || dir.startsWith(`${base}/`));
  }
  return false;
}

/** Exact denies for observed denials (never also approved) the draft rules would not deny. */
function denials(dialect: AnyDialect, next: ClaudeRuleSet, judged: readonly Judged[], root: string, ctx: EvalContext): SuggestedRule[] {
  const ok = judged.filter((j) => j.entry.call.outcome === 'approved').map((j) => j.entry.call);
  const approved = new Set(judged.filter((j) => j.entry.call.outcome === 'approved').map((j) => subjectOf(j.entry)));
  const approvedHosts = new Set(ok.map((c) => (c.tool === 'WebFetch' && c.url ? hostOf(c.url) : undefined)).filter((h): h is string => !!h));
  const approvedTools = new Set(ok.map((c) => c.tool));
  const out: SuggestedRule[] = [];
  for (const j of judged) {
    const c = j.entry.call;
    if (c.outcome !== 'denied' || approved.has(subjectOf(j.entry))) continue;
    if (judge(dialect, next, j.request, ctx).decision === 'deny') continue;
    let rule: string | undefined;
    if (c.tool === 'Bash' && c.command !== undefined && subCommands(c.command).length === 1 && !/[*()]/.test(c.command)) rule = `Bash(${c.command.trim()})`;
    const fam = pathFamily(c.tool);
    if (fam && c.path !== undefined) rule = pathProposals(fam, [c.path], root, new Set([''])).proposals.find((p) => !p.wildcard)?.rule;
    const host = c.tool === 'WebFetch' && c.url !== undefined ? hostOf(c.url) : undefined;
    // A host is denied whole only when no approved call fetched from it.
    if (host && !approvedHosts.has(host)) rule = `WebFetch(domain:${host})`;
    if (/^mcp__.+__/.test(c.tool) && !approvedTools.has(c.tool)) rule = c.tool;
    if (!rule || out.some((r) => r.rule === rule)) continue;
    out.push({ tier: 'deny', rule, replaces: null, covers: [subjectOf(j.entry)], calls: j.entry.count, why: `denied ${j.entry.count} time${j.entry.count === 1 ? '' : 's'} in the history (${c.denial ?? 'denied'}); a deny keeps it denied whatever is allowed later` });
  }
  return out;
}

/** How Claude Code's requests and rules are read when a suggestion is proved. */
const CLAUDE_PROOF: ProofDialect = {
  leftOnPurpose(j, leftSubjects) {
    const c = j.entry.call;
    const subs = c.command !== undefined ? subCommands(c.command) : [subjectOf(j.entry)];
    return subs.some((s) => leftSubjects.has(s));
  },
  allowedBy: (v) => v.rule?.label.replace(/ allow$/, '') ?? 'default',
  bashWildcard(rule) {
    const m = /^Bash\((.*)\)$/.exec(rule);
    return m && m[1].includes('*') ? m[1] : undefined;
  },
  bashRequest: (command) => ({ tool: 'Bash', command }),
};

/** The settings text with each broad allow of the file replaced by its narrow rules, and the denies added. */
function render(text: string, broad: readonly ClaudeRule[], rules: readonly SuggestedRule[]): string {
  const root = parseTree(text);
  const current = (tier: string): string[] => {
    const n = root && findNodeAtLocation(root, ['permissions', tier]);
    const v = n ? getNodeValue(n) : undefined;
    return Array.isArray(v) ? v : [];
  };
  const broadTexts = new Set(broad.map((b) => b.text));
  const allow: string[] = [];
  for (const s of current('allow')) {
    if (typeof s === 'string' && broadTexts.has(s)) {
      for (const r of rules) if (r.tier === 'allow' && r.replaces === s && !allow.includes(r.rule)) allow.push(r.rule);
    } else if (!allow.includes(s)) allow.push(s);
  }
  const deny = [...current('deny')];
  for (const r of rules) if (r.tier === 'deny' && !deny.includes(r.rule)) deny.push(r.rule);
  const fmt = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: text.includes('\r\n') ? '\r\n' : '\n' } };
  let out = applyEdits(text, modify(text, ['permissions', 'allow'], allow, fmt));
  if (deny.length !== current('deny').length) out = applyEdits(out, modify(out, ['permissions', 'deny'], deny, fmt));
  return out;
}

/**
 * The settings text with the scoped broad allows replaced where they stand by their narrow rules
 * (removed with a comma when the history never used them); nothing else in the file moves.
 */
function renderInPlace(text: string, rs: ClaudeRuleSet, broad: readonly ClaudeRule[], rules: readonly SuggestedRule[]): string {
  const root = parseTree(text);
  const listed = root && findNodeAtLocation(root, ['permissions', 'allow']);
  const existing = new Set((listed ? (getNodeValue(listed) as unknown[]) : []).filter((x): x is string => typeof x === 'string'));
  const edits: Array<{ offset: number; length: number; content: string }> = [];
  for (const b of broad) {
    const start = rs.source.offsetAt(b.range.start);
    const end = rs.source.offsetAt(b.range.end);
    const narrow = rules.filter((r) => r.tier === 'allow' && r.replaces === b.text && !existing.has(r.rule)).map((r) => JSON.stringify(r.rule));
    if (!narrow.length) {
      edits.push(listItemRemoval(text, start, end));
      continue;
    }
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    const ownLine = /^[ \t]*$/.test(text.slice(lineStart, start));
    const joiner = ownLine ? `,${text.includes('\r\n') ? '\r\n' : '\n'}${text.slice(lineStart, start)}` : ', ';
    edits.push({ offset: start, length: end - start, content: [...new Set(narrow)].join(joiner) });
  }
  return applyEdits(text, edits);
}

/** Deletes one array item and one neighbouring comma; an item alone on its line takes the line. */
function listItemRemoval(text: string, start: number, end: number): { offset: number; length: number; content: string } {
  const after = /^[ \t]*,?[ \t]*(?:\r?\n)?/.exec(text.slice(end))![0];
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const ownLine = /^[ \t]*$/.test(text.slice(lineStart, start)) && after.endsWith('\n');
  if (after.includes(',')) return ownLine ? { offset: lineStart, length: end + after.length - lineStart, content: '' } : { offset: start, length: end - start + after.indexOf(',') + 1, content: '' };
  const before = /,\s*$/.exec(text.slice(0, start));
  if (before) return { offset: start - before[0].length, length: end - start + before[0].length, content: '' };
  return { offset: start, length: end - start, content: '' };
}

function dedupeRules(rules: SuggestedRule[]): SuggestedRule[] {
  const seen = new Map<string, SuggestedRule>();
  for (const r of rules) {
    const k = `${r.tier}:${r.rule}`;
    const prev = seen.get(k);
    if (!prev) seen.set(k, { ...r, covers: [...r.covers] });
    else {
      prev.calls += r.calls;
      for (const c of r.covers) if (!prev.covers.includes(c)) prev.covers.push(c);
      if (r.replaces && prev.replaces && !prev.replaces.split(', ').includes(r.replaces)) prev.replaces += `, ${r.replaces}`;
    }
  }
  return [...seen.values()];
}

function mergeLeft(left: Suggestion['left']): Suggestion['left'] {
  const m = new Map<string, Suggestion['left'][number]>();
  for (const l of left) {
    const prev = m.get(l.subject);
    if (prev) prev.calls += l.calls;
    else m.set(l.subject, { ...l });
  }
  return [...m.values()];
}
