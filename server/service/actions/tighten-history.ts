import { CodeActionKind, type CodeAction, type Range } from 'vscode-languageserver';
import { DIALECTS } from '../../../shared/dialects';
import { readStoredHistory, type Suggestion } from '../../../shared/history';
import type { RuleSet } from '../../../shared/model';
import type { FixContext } from './context';

/** One suggestion per document text and history text: code actions are asked on every cursor move. */
const cache = new Map<string, { key: string; suggestion: Suggestion | null }>();
/** Documents whose suggestion is remembered. */
const MAX_CACHED = 16;

function overlaps(a: Range, b: Range): boolean {
  const before = (p: Range['start'], q: Range['start']) => p.line < q.line || (p.line === q.line && p.character < q.character);
  return !before(a.end, b.start) && !before(b.end, a.start);
}

/**
 * "Tighten from history": on a broad allow of a Claude Code settings file (or of an OpenCode
 * `permission.bash` map), when `rulelens.history` names an imported history, the proved
 * least-privilege rewrite of the file (as `rulelens suggest --history` computes it). Offered only
 * when the proof holds and the rule would change.
 * @example tightenFromHistoryAction(ctx, cursor)?.title // 'Tighten from history: Bash(npm *) → 2 narrow rules'
 */
export function tightenFromHistoryAction(ctx: FixContext, range: Range): CodeAction | undefined {
  const rs = ctx.analysis.report?.ruleSet as RuleSet | undefined;
  const dialect = ctx.analysis.report?.dialect;
  const history = dialect?.history;
  if (!rs || !dialect || !history?.suggest || !history.broadRule) return undefined;
  const { suggest, broadRule } = history;
  const rule = rs.rules.find((r) => broadRule(rs, r) !== undefined && overlaps(r.range, range));
  if (!rule) return undefined;
  const ruleText = broadRule(rs, rule)!;
  const historyPath = ctx.ws.host.historyFor?.(rs.path);
  const historyText = historyPath ? ctx.ws.host.readFile(historyPath) : undefined;
  if (historyText === undefined) return undefined;
  const text = rs.source.text;
  const key = `${text}\u0000${historyPath}\u0000${historyText.length}\u0000${hash(historyText)}`;
  let hit = cache.get(ctx.uri);
  if (!hit || hit.key !== key) {
    const entries = readStoredHistory(historyText, DIALECTS);
    const evalCtx = ctx.ws.host.ctx ?? {};
    const parse = (t: string) => dialect.parse({ path: rs.path, text: t }, evalCtx);
    const suggestion = entries ? suggest(dialect, rs, text, parse, entries, evalCtx) : null;
    hit = { key, suggestion };
    cache.delete(ctx.uri);
    cache.set(ctx.uri, hit);
    while (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value as string);
  }
  const s = hit.suggestion;
  if (!s || s.text === text) return undefined;
  const p = s.proof;
  if (p.approvedChanged.length || p.deniedAllowed.length || p.runsAnything.length) return undefined;
  const mine = s.rules.filter((r) => r.replaces?.split(', ').includes(ruleText));
  const removedUnused = s.removed.some((x) => x.rule === ruleText && x.calls === 0);
  if (!mine.length && !removedUnused) return undefined;
  const what = mine.length ? `${mine.length} narrow rule${mine.length === 1 ? '' : 's'}` : 'removed (unused in the history)';
  return {
    title: `Tighten from history: ${ruleText} → ${what}`,
    kind: CodeActionKind.RefactorRewrite,
    edit: { changes: { [ctx.uri]: [{ range: rs.source.range(0, text.length), newText: s.text }] } },
  };
}

/** A cheap string hash (FNV-1a), so the cache key does not keep the whole history twice. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
