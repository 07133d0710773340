import { CompletionItemKind, type CompletionItem, type CompletionList, type Position } from 'vscode-languageserver';
import { getLocation, type Node } from 'jsonc-parser';
import { detectDialect, DIALECTS, isRequestsFile, type AnyDialect } from '../../shared/dialects';
import { SourceText } from '../../shared/model';
import { GENERIC_REQUEST_FIELDS } from '../../shared/requests/fields';
import { expectWords, ORIGINS } from '../../shared/requests/parse';
import { valuesFor } from './vocabulary';
import { Deadline } from '../../shared/analysis/budget';

const EMPTY: CompletionList = { isIncomplete: false, items: [] };

/**
 * CPU time one completion request may take: past it the list ends (the first item is always
 * given), each item's detail says the list is partial, and the list is marked incomplete so the
 * editor asks again on the next keystroke.
 */
export const COMPLETION_MS = 50;

/** What the detail of each item of a list cut short by `COMPLETION_MS` says. */
export const PARTIAL_LIST = `partial list (time limit: ${COMPLETION_MS} ms)`;

interface Where {
  path: Array<string | number>;
  atKey: boolean;
  /** The string node being typed, replaced whole by the completion. */
  node: Node | undefined;
  /** The request's budget, read before each item after the first; `cut` is set once it ran out. */
  deadline: Deadline;
  cut: boolean;
}

function items(words: readonly string[], kind: CompletionItemKind, src: SourceText, w: Where, offset: number, detail?: string): CompletionItem[] {
  const n = w.node && w.node.type === 'string' ? w.node : undefined;
  const range = n ? src.range(n.offset, n.offset + n.length) : src.range(offset, offset);
  const out: CompletionItem[] = [];
  for (const word of words) {
    if (out.length > 0 && w.deadline.expired) {
      w.cut = true;
      break;
    }
    out.push({ label: word, kind, detail, textEdit: { range, newText: w.atKey ? `${JSON.stringify(word)}: ` : JSON.stringify(word) }, filterText: JSON.stringify(word) });
  }
  return out;
}

/** The list for the editor: a list cut short says so in each item's detail and asks to be asked again. */
function listOf(found: CompletionItem[], w: Where): CompletionList {
  if (!w.cut) return { isIncomplete: false, items: found };
  return { isIncomplete: true, items: found.map((i) => ({ ...i, detail: i.detail ? `${i.detail} — ${PARTIAL_LIST}` : PARTIAL_LIST })) };
}

/** Completion inside a requests file: request fields as keys; expect, origin and per-dialect values. */
function requestsCompletion(dialect: AnyDialect | undefined, w: Where, src: SourceText, offset: number): CompletionItem[] {
  const p = w.path;
  if (p.length === 1 && w.atKey) return items(['rules', 'requests'], CompletionItemKind.Property, src, w, offset);
  if (p[0] !== 'requests' || typeof p[1] !== 'number') return [];
  if (p.length === 3 && w.atKey) {
    const fields = [...GENERIC_REQUEST_FIELDS, ...(dialect?.requestFields ?? [])];
    return items(fields, CompletionItemKind.Property, src, w, offset, dialect ? `${dialect.title} request field` : 'request field');
  }
  const key = p[p.length - 1];
  if (w.atKey || typeof key !== 'string') return [];
  if (key === 'expect' || key === 'decision') return items(expectWords(dialect), CompletionItemKind.EnumMember, src, w, offset);
  if (key === 'origin') return items(ORIGINS, CompletionItemKind.EnumMember, src, w, offset);
  return items(valuesFor(DIALECTS, dialect, key) ?? [], CompletionItemKind.Value, src, w, offset);
}

/** Completion inside a rule file: the dialect's keys and values. */
function rulesCompletion(dialect: AnyDialect, w: Where, src: SourceText, offset: number): CompletionItem[] {
  const p = w.path;
  const key = p[p.length - 1];
  // The dialect's own structure first (OpenCode: permission keys and their decisions).
  const own = dialect.vocabulary?.ruleFileWords?.(p, w.atKey);
  if (own) return items(own.words, own.kind === 'key' ? CompletionItemKind.Property : CompletionItemKind.EnumMember, src, w, offset);
  if (w.atKey || typeof key !== 'string') {
    // Inside an array of capabilities: the parent key names the vocabulary.
    const parent = p[p.length - 2];
    if (!w.atKey && typeof key === 'number' && typeof parent === 'string') return items(valuesFor(DIALECTS, dialect, parent) ?? [], CompletionItemKind.EnumMember, src, w, offset);
    return [];
  }
  return items(valuesFor(DIALECTS, dialect, key) ?? [], CompletionItemKind.EnumMember, src, w, offset);
}

/**
 * Keys and values for the position: decisions, capabilities, trust levels, modes, tool names and
 * each dialect's request fields, within `deadline` (see `COMPLETION_MS`).
 * @example completionAt('/ws/opencode.json', text, pos, undefined).items.map((i) => i.label) // ['allow', 'ask', 'deny']
 */
export function completionAt(path: string, text: string, pos: Position, requestsDialect: AnyDialect | undefined, deadline = new Deadline(COMPLETION_MS)): CompletionList {
  const src = new SourceText(text);
  const offset = src.offsetAt(pos);
  const loc = getLocation(text, offset);
  const w: Where = { path: loc.path, atKey: loc.isAtPropertyKey, node: loc.previousNode, deadline, cut: false };
  if (isRequestsFile(path)) return listOf(requestsCompletion(requestsDialect, w, src, offset), w);
  const dialect = detectDialect({ path, text });
  return dialect ? listOf(rulesCompletion(dialect, w, src, offset), w) : EMPTY;
}
