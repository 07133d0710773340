import { applyEdits, findNodeAtLocation, modify, parseTree, type Node } from 'jsonc-parser';
import type { AnyDialect } from '../../dialect';
import type { OpencodeRule, OpencodeRuleSet } from '../rules';
import type { EvalContext } from '../../../model';
import { bashProposals } from '../../claude';
import { judge, requestFor } from '../../../history/evaluate';
import { MAX_PROOF_ROUNDS, type Suggestion, type SuggestedRule, type SuggestScope } from '../../../history/suggestion';
import { proveSuggestion, type Judged, type ProofDialect } from '../../../history/suggest-proof';
import type { HistoryEntry } from '../../../history/types';

/** Characters OpenCode reads as pattern syntax: a command holding one cannot be allowed exactly. */
const OPENCODE_WILDCARD = /[*?]/;

/** A top-level `permission.bash` pattern that allows more than one exact command. */
export function isBroadBash(r: OpencodeRule): boolean {
  return r.form === 'v1' && r.agent === null && r.action === 'bash' && r.decision === 'allow' && OPENCODE_WILDCARD.test(r.resource) && r.resourceRange !== r.actionRange;
}

/**
 * The least-privilege rewrite of an OpenCode config's `permission.bash` pattern map from observed
 * commands: each broad allow pattern (`"npm *": "allow"`) is replaced, in place (order matters:
 * the last match wins), by the narrow patterns covering the approved commands it allowed; an
 * observed denial the result would not deny gets an exact `"…": "deny"` at the end of the map.
 * Other permissions are left as they are. Proved with the evaluator like the Claude Code form.
 * @example suggestOpencode(opencode, rs, text, (t) => opencode.parse({ path, text: t }), entries, {}).rules
 */
export function suggestOpencode(dialect: AnyDialect, rs: OpencodeRuleSet, text: string, parse: (t: string) => OpencodeRuleSet, entries: readonly HistoryEntry[], ctx: EvalContext, scope?: SuggestScope): Suggestion {
  const broad = rs.rules.filter((r) => isBroadBash(r) && (scope === undefined || r.index === scope.rule));
  const judged: Judged[] = [];
  const uses = new Map<number, Map<string, number>>();
  for (const e of entries) {
    const r = requestFor(dialect, e);
    if (r.request === undefined) continue;
    const v = judge(dialect, rs, r.request, ctx);
    judged.push({ entry: e, request: r.request, before: v.decision });
    if (e.call.outcome !== 'approved' || v.decision !== 'allow' || e.call.command === undefined) continue;
    // Each command of the line is asked on its own: find the broad pattern each one leans on.
    for (const command of (r.request as { resources: string[] }).resources) {
      const i = judge(dialect, rs, { action: 'bash', resources: [command] }, ctx).rule?.index;
      if (i === undefined || !broad.some((b) => b.index === i)) continue;
      const m = uses.get(i) ?? new Map<string, number>();
      uses.set(i, m.set(command, (m.get(command) ?? 0) + e.count));
    }
  }
  const exactOnly = new Set<string>();
  let last: Suggestion | undefined;
  for (let round = 0; round < MAX_PROOF_ROUNDS; round++) {
    const rules: SuggestedRule[] = [];
    const left: Suggestion['left'] = [];
    const removed: Suggestion['removed'] = [];
    const replacement = new Map<number, string[]>();
    for (const b of broad) {
      const use = uses.get(b.index) ?? new Map<string, number>();
      removed.push({ rule: `bash ${b.resource}`, calls: [...use.values()].reduce((x, y) => x + y, 0) });
      const usable = [...use.keys()].filter((c) => {
        if (!OPENCODE_WILDCARD.test(c)) return true;
        left.push({ subject: c, why: 'holds `*` or `?`, which a pattern cannot match literally', calls: use.get(c) ?? 0 });
        return false;
      });
      let p = bashProposals(usable, exactOnly);
      // A wildcard must stay inside the pattern it replaces: `base*` (one trailing star) and a
      // proposal starting with `base`; otherwise exact commands.
      const base = b.resource.indexOf('*') === b.resource.length - 1 && !b.resource.includes('?') ? b.resource.slice(0, -1) : undefined;
      const outside = p.proposals.filter((x) => x.wildcard && (base === undefined || !x.pattern!.startsWith(base))).map((x) => x.pattern!.slice(0, -2));
      if (outside.length) p = bashProposals(usable, new Set([...exactOnly, ...outside]));
      for (const l of p.left) left.push({ ...l, calls: use.get(l.subject) ?? 0 });
      const patterns: string[] = [];
      for (const x of p.proposals) {
        const n = x.covers.reduce((s, c) => s + (use.get(c) ?? 0), 0);
        patterns.push(x.pattern!);
        rules.push({ tier: 'allow', rule: `bash ${x.pattern}`, replaces: `bash ${b.resource}`, covers: x.covers, calls: n, why: `${x.wildcard ? `${x.covers.length} commands observed under it` : 'observed as is'} (${n} call${n === 1 ? '' : 's'}), allowed until now by "${b.resource}"` });
      }
      replacement.set(b.index, patterns);
    }
    const draftText = render(text, rs, replacement, []);
    const draft = parse(draftText);
    const denies: string[] = [];
    const approvedCommands = new Set(judged.filter((j) => j.entry.call.outcome === 'approved').map((j) => j.entry.call.command));
    // A scoped rewrite changes its one rule only: the denials are the whole-file rewrite's to add.
    for (const j of scope ? [] : judged) {
      const c = j.entry.call.command;
      if (j.entry.call.outcome !== 'denied' || c === undefined || approvedCommands.has(c) || OPENCODE_WILDCARD.test(c) || denies.includes(c)) continue;
      if (judge(dialect, draft, j.request, ctx).decision === 'deny') continue;
      denies.push(c);
      rules.push({ tier: 'deny', rule: `bash ${c}`, replaces: null, covers: [c], calls: j.entry.count, why: `denied ${j.entry.count} time${j.entry.count === 1 ? '' : 's'} in the history (${j.entry.call.denial ?? 'denied'}); last in the map, so it wins over every allow` });
    }
    const finalText = denies.length ? render(text, rs, replacement, denies) : draftText;
    const next = parse(finalText);
    const proof = proveSuggestion(dialect, next, judged, rules, left, ctx, OPENCODE_PROOF, scope ? rs : undefined);
    last = { text: finalText, rules, removed, left, proof };
    const failing = rules.filter((r) => r.tier === 'allow' && r.rule.endsWith(' *') && (proof.runsAnything.some((w) => w.startsWith(`${r.rule}:`)) || proof.approvedChanged.some((c) => r.covers.some((s) => c.describe.includes(s)))));
    if (!failing.length || proof.deniedAllowed.length === 0 && proof.runsAnything.length === 0 && proof.approvedChanged.length === 0) return last;
    for (const r of failing) exactOnly.add(r.rule.slice('bash '.length, -2));
  }
  return last!;
}

/** How OpenCode's requests and rules are read when a suggestion is proved. */
const OPENCODE_PROOF: ProofDialect = {
  leftOnPurpose: (j, leftSubjects) => (j.request as { resources: string[] }).resources.some((x) => leftSubjects.has(x)),
  allowedBy: (v) => v.rule?.label ?? 'default',
  bashWildcard: (rule) => (rule.includes('*') ? rule.slice('bash '.length) : undefined),
  bashRequest: (command) => ({ action: 'bash', resources: [command] }),
};

/** The config text with each broad pattern's property replaced in place, and denies appended. */
function render(text: string, rs: OpencodeRuleSet, replacement: ReadonlyMap<number, string[]>, denies: readonly string[]): string {
  const edits: Array<{ offset: number; length: number; content: string }> = [];
  for (const [index, patterns] of replacement) {
    const r = rs.rules[index];
    const start = rs.source.offsetAt(r.range.start);
    const end = rs.source.offsetAt(r.range.end);
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    const indent = /^[ \t]*/.exec(text.slice(lineStart, start))?.[0] ?? '';
    const props = patterns.map((p) => `${JSON.stringify(p)}: "allow"`);
    if (props.length) edits.push({ offset: start, length: end - start, content: props.join(`,\n${indent}`) });
    else edits.push(removal(text, start, end));
  }
  let out = applyEdits(text, edits.sort((a, b) => b.offset - a.offset));
  for (const d of denies) {
    const root = parseTree(out);
    const bash: Node | undefined = root && findNodeAtLocation(root, ['permission', 'bash']);
    if (!bash || bash.type !== 'object') break;
    // Remove an earlier entry for the same pattern so the deny lands last, where it wins.
    out = applyEdits(out, modify(out, ['permission', 'bash', d], undefined, {}));
    out = applyEdits(out, modify(out, ['permission', 'bash', d], 'deny', { formattingOptions: { insertSpaces: true, tabSize: 2 } }));
  }
  return out;
}

/** Deletes a property and one neighbouring comma; a property alone on its line takes the line. */
function removal(text: string, start: number, end: number): { offset: number; length: number; content: string } {
  const after = /^[ \t]*,?[ \t]*(?:\r?\n)?/.exec(text.slice(end))![0];
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const ownLine = /^[ \t]*$/.test(text.slice(lineStart, start)) && after.endsWith('\n');
  if (after.includes(',')) return ownLine ? { offset: lineStart, length: end + after.length - lineStart, content: '' } : { offset: start, length: end - start + after.indexOf(',') + 1, content: '' };
  // The last property: drop the comma before it instead.
  const before = /,\s*$/.exec(text.slice(0, start));
  if (before) return { offset: start - before[0].length, length: end - start + before[0].length, content: '' };
  return { offset: start, length: end - start, content: '' };
}
