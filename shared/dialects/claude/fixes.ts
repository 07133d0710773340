import { applyEdits, modify, parseTree, findNodeAtLocation, type FormattingOptions, type Node } from 'jsonc-parser';
import type { Decision } from '../../model';
import { compileRule } from './rule-compile';
import type { ClaudeRequest, ClaudeRule, ClaudeRuleSet, Tier } from './types';

/** One replacement in the settings file's text, in offsets of the text the lint ran on. */
export interface OffsetEdit {
  start: number;
  end: number;
  text: string;
}

/**
 * A quick fix a claude lint found and proved: the edits, and the requests whose decision the edited
 * file must give (each checked through the evaluator before the fix is offered).
 */
export interface ClaudeQuickFix {
  title: string;
  edits: OffsetEdit[];
  proves: Array<{ request: ClaudeRequest; decision: Decision }>;
}

const FORMAT: FormattingOptions = { insertSpaces: true, tabSize: 2, eol: '\n' };

/** Indentation the file itself uses (first indented line), so inserted lines match it. */
function formatOf(text: string): FormattingOptions {
  const m = /\n([ \t]+)\S/.exec(text);
  if (!m) return FORMAT;
  const tabs = m[1].startsWith('\t');
  return { insertSpaces: !tabs, tabSize: tabs ? 1 : m[1].length, eol: text.includes('\r\n') ? '\r\n' : '\n' };
}

/** The edits as one replacement of the span where the two texts differ. */
function asOneEdit(before: string, after: string): OffsetEdit[] {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let endB = before.length;
  let endA = after.length;
  while (endB > start && endA > start && before[endB - 1] === after[endA - 1]) {
    endB--;
    endA--;
  }
  return before === after ? [] : [{ start, end: endB, text: after.slice(start, endA) }];
}

const PARSE = { allowTrailingComma: true, disallowComments: false } as const;

/** The separator the file puts between list elements (`,\n      `), `, ` when there is none to copy. */
function joinerOf(text: string, items: readonly Node[]): string {
  if (items.length >= 2) {
    const a = items[items.length - 2];
    const b = items[items.length - 1];
    const m = /,[^\S\n]*(\n[ \t]*)?/.exec(text.slice(a.offset + a.length, b.offset));
    if (m) return `,${m[1] ?? ' '}`;
  }
  const first = items[0];
  const lineStart = text.lastIndexOf('\n', first.offset - 1) + 1;
  const indent = text.slice(lineStart, first.offset);
  return /^[ \t]*$/.test(indent) && lineStart > 0 ? `,\n${indent}` : ', ';
}

/**
 * Edits appending rule strings to `permissions.<tier>` (created when missing), in the file's own
 * layout: nothing else in the file is touched.
 * @example addRuleEdits('{"permissions":{"deny":["Bash(rm -rf *)"]}}', 'deny', ['Bash(rm -fr *)'])[0].text // ', "Bash(rm -fr *)"'
 */
export function addRuleEdits(text: string, tier: Tier, rules: readonly string[]): OffsetEdit[] {
  const root = parseTree(text, [], PARSE);
  const list = root && findNodeAtLocation(root, ['permissions', tier]);
  if (list?.type === 'array' && list.children?.length) {
    const last = list.children[list.children.length - 1];
    const at = last.offset + last.length;
    const joiner = joinerOf(text, list.children);
    return [{ start: at, end: at, text: rules.map((r) => joiner + JSON.stringify(r)).join('') }];
  }
  if (list?.type === 'array') return [{ start: list.offset + 1, end: list.offset + 1, text: rules.map((r) => JSON.stringify(r)).join(', ') }];
  const out = applyEdits(text, modify(text, ['permissions', tier], [...rules], { formattingOptions: formatOf(text) }));
  return asOneEdit(text, out);
}

/**
 * Edits deleting `permissions.defaultMode` with its comma, or undefined when the file has none.
 * @example removeDefaultModeEdits('{"permissions":{"defaultMode":"bypassPermissions"}}')?.length // 1
 */
export function removeDefaultModeEdits(text: string): OffsetEdit[] | undefined {
  const root = parseTree(text, [], PARSE);
  const value = root && findNodeAtLocation(root, ['permissions', 'defaultMode']);
  const prop = value?.parent;
  const siblings = prop?.parent?.children;
  if (!prop || prop.type !== 'property' || !siblings) return undefined;
  const i = siblings.indexOf(prop);
  if (i + 1 < siblings.length) {
    // Up to the next property, from the start of this one's line when only indentation precedes it.
    let start = prop.offset;
    while (start > 0 && (text[start - 1] === ' ' || text[start - 1] === '\t')) start--;
    const from = text[start - 1] === '\n' ? start : prop.offset;
    let to = siblings[i + 1].offset;
    if (from !== prop.offset) while (to > 0 && (text[to - 1] === ' ' || text[to - 1] === '\t')) to--;
    return [{ start: from, end: to, text: '' }];
  }
  const prev = siblings[i - 1];
  return [{ start: prev ? prev.offset + prev.length : prop.offset, end: prop.offset + prop.length, text: '' }];
}

/** @example applyOffsetEdits('abc', [{ start: 1, end: 2, text: 'X' }]) // 'aXc' */
export function applyOffsetEdits(text: string, edits: readonly OffsetEdit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

/**
 * The rule set with extra rules of one tier as the edited file would hold them (same file, layer
 * and anchors as `like`), for proving a fix through the evaluator before offering it.
 * @example withRules(rs, rs.rules[0], 'deny', ['Bash(rm -fr *)']).rules.length // rs.rules.length + 1
 */
export function withRules(rs: ClaudeRuleSet, like: ClaudeRule, tier: Tier, texts: readonly string[]): ClaudeRuleSet {
  const extra = texts.map((text, k): ClaudeRule => {
    const open = text.indexOf('(');
    const tool = open < 0 ? text : text.slice(0, open);
    const specifier = open < 0 ? null : text.slice(open + 1, -1);
    return { ...like, tier, decision: tier, native: tier, label: `${text} ${tier}`, text, tool, specifier, matcher: compileRule(tool, specifier), index: rs.rules.length + k };
  });
  return { ...rs, rules: [...rs.rules, ...extra] };
}
