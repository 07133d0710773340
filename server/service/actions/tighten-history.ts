import { CodeActionKind, type AnnotatedTextEdit, type ChangeAnnotation, type CodeAction, type Range, type WorkspaceEdit } from 'vscode-languageserver';
import { DIALECTS } from '../../../shared/dialects';
import { readStoredHistory, type Suggestion, type SuggestScope } from '../../../shared/history';
import type { Rule, RuleSet } from '../../../shared/model';
import { lineHunks, type Hunk } from '../text-diff';
import { applyEdits } from '../json-edit';
import { toTextEdit, type FixContext } from './context';

/** Suggestions per document text, history text and scope: code actions are asked on every cursor move. */
const cache = new Map<string, { key: string; suggestion: Suggestion | null }>();
/** Suggestions remembered (a whole-file one and a scoped one per open rule file). */
const MAX_CACHED = 32;
/** Hunks of a whole-file rewrite the preview lists one by one; beyond, the rest is one entry. */
const MAX_LISTED_HUNKS = 50;

function overlaps(a: Range, b: Range): boolean {
  const before = (p: Range['start'], q: Range['start']) => p.line < q.line || (p.line === q.line && p.character < q.character);
  return !before(a.end, b.start) && !before(b.end, a.start);
}

/** A proof with nothing against it: no approved call changes, no denial or runs-anything allowed. */
function proved(s: Suggestion | null, text: string): s is Suggestion {
  if (!s || s.text === text) return false;
  const p = s.proof;
  return !p.approvedChanged.length && !p.deniedAllowed.length && !p.runsAnything.length;
}

/**
 * "Tighten from history" on a broad allow of a Claude Code settings file (or of an OpenCode
 * `permission.bash` map), when `rulelens.history` names an imported history: the proved
 * least-privilege rewrite of that one rule, in place (its title says what it becomes); and, when
 * the history would change more of the file, a second action that says it rewrites the whole file
 * and lists each change in its preview (a change annotation that asks for confirmation).
 * @example tightenFromHistoryActions(ctx, cursor).map((a) => a.title) // ['Tighten from history: Bash(npm *) → 2 narrow rules', 'Rewrite the whole file from history: …']
 */
export function tightenFromHistoryActions(ctx: FixContext, range: Range): CodeAction[] {
  const rs = ctx.analysis.report?.ruleSet as RuleSet | undefined;
  const dialect = ctx.analysis.report?.dialect;
  const history = dialect?.history;
  if (!rs || !dialect || !history?.suggest || !history.broadRule) return [];
  const { suggest, broadRule } = history;
  const rule = rs.rules.find((r) => broadRule(rs, r) !== undefined && overlaps(r.range, range));
  if (!rule) return [];
  const ruleText = broadRule(rs, rule)!;
  const historyPath = ctx.ws.host.historyFor?.(rs.path);
  const historyText = historyPath ? ctx.ws.host.readFile(historyPath) : undefined;
  if (historyText === undefined) return [];
  const text = rs.source.text;
  const evalCtx = ctx.ws.host.ctx ?? {};
  const parse = (t: string) => dialect.parse({ path: rs.path, text: t }, evalCtx);
  const suggestion = (scope: SuggestScope | undefined): Suggestion | null => {
    const key = `${text}\u0000${historyPath}\u0000${historyText.length}\u0000${hash(historyText)}`;
    const slot = `${ctx.uri}#${scope?.rule ?? 'file'}`;
    let hit = cache.get(slot);
    if (!hit || hit.key !== key) {
      const entries = readStoredHistory(historyText, DIALECTS);
      hit = { key, suggestion: entries ? suggest(dialect, rs, text, parse, entries, evalCtx, scope) : null };
      cache.delete(slot);
      cache.set(slot, hit);
      while (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value as string);
    }
    return hit.suggestion;
  };
  const out: CodeAction[] = [];
  const one = suggestion({ rule: rule.index });
  if (proved(one, text) && onlyThatRule(rs, rule, parse(one.text))) {
    const mine = one.rules.filter((r) => r.replaces?.split(', ').includes(ruleText));
    const what = mine.length ? `${mine.length} narrow rule${mine.length === 1 ? '' : 's'}` : 'removed (unused in the history)';
    out.push({
      title: `Tighten from history: ${ruleText} → ${what}`,
      kind: CodeActionKind.RefactorRewrite,
      edit: { changes: { [ctx.uri]: [toTextEdit(rs.source, smallestEdit(text, one.text))] } },
    });
  }
  const whole = suggestion(undefined);
  if (proved(whole, text) && whole.text !== one?.text) {
    out.push({ title: wholeFileTitle(whole), kind: CodeActionKind.RefactorRewrite, edit: annotatedRewrite(ctx, rs, whole) });
  }
  return out;
}

/**
 * Whether `next` is `rs` with `rule` replaced and nothing else: the file's other rules are all
 * there, in order, and only rules the rewrite adds stand between them.
 */
function onlyThatRule(rs: RuleSet, rule: Rule, next: RuleSet): boolean {
  const own = (x: RuleSet) => x.rules.filter((r) => r.layer === undefined).map((r) => `${r.decision}\u0000${r.label}`);
  const before = own(rs);
  const target = before[rs.rules.filter((r) => r.layer === undefined).indexOf(rule)];
  const kept = before.filter((l, i) => !(l === target && i === before.indexOf(target)));
  const after = own(next);
  let k = 0;
  for (const l of after) if (k < kept.length && l === kept[k]) k++;
  return k === kept.length && !next.findings.some((f) => f.severity === 'error');
}

/** The one edit between two texts that differ in one place: their common start and end kept. */
function smallestEdit(before: string, after: string): { start: number; end: number; text: string } {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  return { start: head, end: before.length - tail, text: after.slice(head, after.length - tail) };
}

/** `Rewrite the whole file from history: 6 broad allows → 7 narrow rules, 4 denies added` */
function wholeFileTitle(s: Suggestion): string {
  const allows = s.rules.filter((r) => r.tier === 'allow').length;
  const denies = s.rules.filter((r) => r.tier === 'deny').length;
  const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
  return `Rewrite the whole file from history: ${plural(s.removed.length, 'broad allow')} → ${plural(allows, 'narrow rule')}${denies ? `, ${plural(denies, 'deny', 'denies')} added` : ''}`;
}

/** `line 4: "Bash(npm *)" → "Bash(npm test)", "Bash(npm run build)"` */
function hunkLabel(h: Hunk): string {
  // The lines as one, as they would read on one line: `"a", "b"`, `"deny": ["x"]`.
  const side = (ls: string[]) => ls.map((l) => l.trim()).filter(Boolean).join(' ').replace(/([[{]) /g, '$1').replace(/ ([\]}])/g, '$1').replace(/,$/, '') || 'nothing';
  const clip = (s: string) => (s.length > 60 ? `${s.slice(0, 59)}…` : s);
  return `line ${h.line + 1}: ${clip(side(h.removed))} → ${clip(side(h.added))}`;
}

/**
 * The whole-file rewrite as one edit per changed stretch of lines, each annotated with what it
 * changes and needing confirmation, so the editor shows the list before applying anything. A
 * client without change annotations gets the same edits plain.
 */
function annotatedRewrite(ctx: FixContext, rs: RuleSet, s: Suggestion): WorkspaceEdit {
  const hunks = listed(rs.source.text, lineHunks(rs.source.text, s.text));
  if (!ctx.features.changeAnnotations) return { changes: { [ctx.uri]: hunks.map((h) => toTextEdit(rs.source, h)) } };
  const changeAnnotations: Record<string, ChangeAnnotation> = {};
  const edits: AnnotatedTextEdit[] = hunks.map((h, i) => {
    const id = `rulelens-history-${i}`;
    changeAnnotations[id] = { label: hunkLabel(h), needsConfirmation: true, description: 'Rewrite the whole file from history' };
    return { ...toTextEdit(rs.source, h), annotationId: id };
  });
  return { documentChanges: [{ textDocument: { uri: ctx.uri, version: ctx.ws.version(ctx.uri) ?? null }, edits }], changeAnnotations };
}

/** At most `MAX_LISTED_HUNKS` entries: the last one takes every change from there on. */
function listed(text: string, hunks: Hunk[]): Hunk[] {
  if (hunks.length <= MAX_LISTED_HUNKS) return hunks;
  const rest = hunks.slice(MAX_LISTED_HUNKS - 1);
  const first = rest[0];
  const last = rest[rest.length - 1];
  const shifted = rest.map((h) => ({ ...h, start: h.start - first.start, end: h.end - first.start }));
  const merged: Hunk = { ...first, end: last.end, text: applyEdits(text.slice(first.start, last.end), shifted), removed: rest.flatMap((h) => h.removed), added: rest.flatMap((h) => h.added) };
  return [...hunks.slice(0, MAX_LISTED_HUNKS - 1), merged];
}

/** A cheap string hash (FNV-1a), so the cache key does not keep the whole history twice. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
