import * as path from 'path';
import { applyEdits as applyJsonEdits, modify } from 'jsonc-parser';
import { CodeActionKind, type CodeAction, type Diagnostic, type WorkspaceEdit } from 'vscode-languageserver';
import { CONFIG_FILE } from '../../../shared/config/lint-config';
import { NEXT_LINE, NOT_SUPPRESSIBLE, REST_OF_FILE, type CommentStyle, type ConfigSuppression } from '../../../shared/config/suppress';
import { inFile, SourceText } from '../../../shared/model';
import { ruleOf, type FixContext } from './context';

/** The comment syntax of the document the diagnostic is on, or undefined when its reader takes no comments. */
function styleOf(ctx: FixContext): CommentStyle | undefined {
  // Requests files are RuleLens's own JSONC.
  if (ctx.analysis.kind === 'requests') return '//';
  return ctx.analysis.report?.dialect?.comments?.(ctx.analysis.path);
}

/** The stored request a requests-file diagnostic sits in. */
function requestAt(ctx: FixContext, d: Diagnostic): string | undefined {
  const p = d.range.start;
  const before = (a: { line: number; character: number }, b: { line: number; character: number }) => a.line < b.line || (a.line === b.line && a.character <= b.character);
  return ctx.analysis.report?.requestsFile?.requests.find((r) => before(r.range.start, p) && before(p, r.range.end))?.name;
}

/** The line a directive must precede: the rule's first line, else the diagnostic's. */
function targetLine(ctx: FixContext, d: Diagnostic): { line: number; rule?: string } {
  if (ctx.analysis.kind !== 'rules') return { line: d.range.start.line };
  const rule = ruleOf(ctx, d);
  return rule && inFile(rule) ? { line: rule.startLine ?? rule.range.start.line, rule: rule.label } : { line: d.range.start.line };
}

/**
 * Where the list of lint ids of a directive comment ends, when `line` is exactly a `word`
 * directive written in `style` (so another id can be added after it).
 * @example codesEnd('  // rulelens-disable-next-line dead-rule -- why', '//', NEXT_LINE) // 41
 */
function codesEnd(line: string, style: CommentStyle, word: string): number | undefined {
  // Parsed by hand: the regex this needs backtracks super-linearly on long runs of spaces.
  let i = line.length - line.trimStart().length;
  if (!line.startsWith(style, i)) return undefined;
  i += style.length;
  while (i < line.length && /\s/.test(line[i])) i++;
  if (!line.startsWith(word, i)) return undefined;
  i += word.length;
  const gap = line.length - i - line.slice(i).trimStart().length;
  if (!gap) return undefined;
  i += gap;
  const body = line.slice(i).trimEnd();
  const dash = /\s--(?:\s|$)/.exec(body);
  const codes = (dash ? body.slice(0, dash.index) : body).trimEnd();
  return codes ? i + codes.length : undefined;
}

/**
 * The edit that writes `word code` as a comment on its own line before `line` (a `rulelens-disable`
 * at the very top), or adds the code to such a comment already there.
 */
function directiveEdit(text: string, line: number, style: CommentStyle, word: string, code: string): { start: number; end: number; text: string } {
  const src = new SourceText(text);
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const on = word === REST_OF_FILE ? 0 : line - 1;
  const end = on >= 0 ? codesEnd(lines[on], style, word) : undefined;
  if (end !== undefined) {
    const at = src.offsetAt({ line: on, character: end });
    return { start: at, end: at, text: `, ${code}` };
  }
  const at = word === REST_OF_FILE ? 0 : src.offsetAt({ line, character: 0 });
  const indent = word === REST_OF_FILE ? '' : /^[ \t]*/.exec(lines[line] ?? '')![0];
  return { start: at, end: at, text: `${indent}${style} ${word} ${code}${eol}` };
}

/**
 * "Disable <lint> for this rule" and "Disable <lint> for this file", as ESLint offers them: a
 * `rulelens-disable-next-line` comment above the rule (a `rulelens-disable` comment at the top)
 * where the file takes comments, else an entry in the nearest `.rulelens.json` (created at the
 * workspace folder when there is none). Never for a finding that cannot be suppressed.
 * @example suppressActions(ctx, exactCommandDiagnostic).map((a) => a.title) // ['Disable exact-command-pattern for this rule', 'Disable exact-command-pattern for this file']
 */
export function suppressActions(ctx: FixContext, d: Diagnostic): CodeAction[] {
  const code = String(d.code ?? '');
  const rep = ctx.analysis.report;
  if (!code || NOT_SUPPRESSIBLE.has(code) || !rep) return [];
  const docPath = ctx.analysis.path;
  const text = ctx.ws.text(docPath);
  if (text === undefined) return [];
  const style = styleOf(ctx);
  const target = targetLine(ctx, d);
  const request = ctx.analysis.kind === 'requests' ? requestAt(ctx, d) : undefined;
  const what = target.rule ? 'this rule' : request ? 'this request' : 'this line';
  const out: CodeAction[] = [];
  const action = (title: string, edit: WorkspaceEdit | undefined): void => {
    if (edit) out.push({ title, kind: CodeActionKind.QuickFix, diagnostics: [d], edit });
  };
  if (style) {
    const src = new SourceText(text);
    const one = directiveEdit(text, target.line, style, NEXT_LINE, code);
    const all = directiveEdit(text, 0, style, REST_OF_FILE, code);
    action(`Disable ${code} for ${what}`, { changes: { [ctx.uri]: [{ range: src.range(one.start, one.end), newText: one.text }] } });
    action(`Disable ${code} for this file`, { changes: { [ctx.uri]: [{ range: src.range(all.start, all.end), newText: all.text }] } });
    return out;
  }
  const config = ctx.ws.configFor(docPath);
  const base = config.base || path.dirname(docPath);
  const configPath = config.file ?? path.join(base, CONFIG_FILE);
  const file = path.relative(path.dirname(configPath), docPath).split(path.sep).join('/');
  const entry = (rule?: string): ConfigSuppression => ({ file, lint: code, ...(rule ? { rule } : {}), ...(request ? { request } : {}) });
  const where = path.relative(base, configPath).split(path.sep).join('/') || CONFIG_FILE;
  if (target.rule || request) action(`Disable ${code} for ${what} (in ${where})`, configEdit(ctx, configPath, entry(target.rule)));
  action(`Disable ${code} for this file (in ${where})`, configEdit(ctx, configPath, { file, lint: code }));
  return out;
}

/** Appends a `"suppress"` entry to a `.rulelens.json`, creating the file (when the client can) if there is none. */
function configEdit(ctx: FixContext, configPath: string, entry: ConfigSuppression): WorkspaceEdit | undefined {
  const uri = ctx.ws.uriOf(configPath);
  const existing = ctx.ws.text(configPath);
  const fmt = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };
  if (existing === undefined || !existing.trim()) {
    if (!ctx.features.createFiles && existing === undefined) return undefined;
    const text = `${JSON.stringify({ suppress: [entry] }, null, 2)}\n`;
    if (existing !== undefined) return { changes: { [uri]: [{ range: { start: { line: 0, character: 0 }, end: new SourceText(existing).positionAt(existing.length) }, newText: text }] } };
    return {
      documentChanges: [
        { kind: 'create', uri, options: { ignoreIfExists: true } },
        { textDocument: { uri, version: null }, edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: text }] },
      ],
    };
  }
  const edits = modify(existing, ['suppress', -1], entry, { ...fmt, isArrayInsertion: true });
  if (!edits.length) return undefined;
  const src = new SourceText(existing);
  // One edit spanning the changed region keeps the result exact whatever jsonc-parser split it into.
  const start = Math.min(...edits.map((e) => e.offset));
  const end = Math.max(...edits.map((e) => e.offset + e.length));
  const after = applyJsonEdits(existing, edits);
  const newText = after.slice(start, after.length - (existing.length - end));
  return { changes: { [uri]: [{ range: src.range(start, end), newText }] } };
}
