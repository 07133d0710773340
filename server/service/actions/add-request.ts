import { CodeActionKind, type CodeAction, type Diagnostic, type WorkspaceEdit } from 'vscode-languageserver';
import { parseRequestsFile } from '../../../shared/requests/parse';
import { safeEvaluate } from '../../../shared/requests/run';
import type { EvalContext, Rule, RuleSet, Verdict } from '../../../shared/model';
import type { AnyDialect } from '../../../shared/dialects';
import { SourceText } from '../../../shared/model';
import { indentOf, joinerOf, parseRoot } from '../json-edit';
import { dataOf, ruleOf, toTextEdit, type FixContext } from './context';

/** Request fields a witness string fills, in order of preference. */
const WITNESS_FIELDS: Array<[string, (w: string) => unknown]> = [
  ['resources', (w) => [w]],
  ['command', (w) => w],
  ['path', (w) => w],
  ['url', (w) => w],
];

/**
 * Requests a witness may stand for, best first: the finding's own request when it carries one;
 * else the rule's request-field values (an opencode rule's `action`) with the witness as the
 * subject, once with a leading field value (`edit secrets/a` → `secrets/a`) taken off and once whole.
 */
function candidates(dialect: AnyDialect, rule: Rule | undefined, witness: string, data: Record<string, unknown>): Array<Record<string, unknown>> {
  if (data.request && typeof data.request === 'object') return [{ ...(data.request as Record<string, unknown>) }];
  const base: Record<string, unknown> = {};
  const fields = dialect.requestFields;
  for (const f of fields) {
    const v = (rule as unknown as Record<string, unknown> | undefined)?.[f];
    if (typeof v === 'string') base[f] = v;
  }
  const slot = WITNESS_FIELDS.find(([f]) => fields.includes(f));
  if (!slot) return [];
  const subjects = Object.values(base)
    .filter((v): v is string => typeof v === 'string' && witness.startsWith(`${v} `))
    .map((v) => witness.slice(v.length + 1));
  return [...subjects, witness].map((w) => ({ ...base, [slot[0]]: slot[1](w) }));
}

/**
 * One-line JSON in the style of hand-written requests files: `{ "a": 1, "b": ["x", "y"] }`.
 * @example inlineJson({ a: ['x'] }) // '{ "a": ["x"] }'
 */
export function inlineJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(inlineJson).join(', ')}]`;
  if (v && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined);
    return entries.length ? `{ ${entries.map(([k, x]) => `${JSON.stringify(k)}: ${inlineJson(x)}`).join(', ')} }` : '{}';
  }
  return JSON.stringify(v) ?? 'null';
}

function uniqueName(base: string, taken: Set<string>): string {
  let name = base;
  for (let i = 2; taken.has(name); i++) name = `${base} (${i})`;
  return name;
}

/** Findings about a deny that fails to decide: their witness request expects the deny. */
const SECURE_EXPECT = new Set(['shadowed-deny', 'overridden-deny']);

/**
 * "Add a stored request for the witness": appends a synthetic request, expecting what the rules
 * decide now (for a shadowed or overridden deny: the deny), to the requests file (created when missing). The request is read back through
 * the dialect first, so only a request the engine can run is ever written.
 * @example addRequestAction(ctx, exactCommandDiagnostic)?.title // 'Add stored request "exact-command-pattern: yarn --version" (currently ask)'
 */
export function addRequestAction(ctx: FixContext, d: Diagnostic): CodeAction | undefined {
  const rep = ctx.analysis.report;
  const witness = dataOf(d).witness;
  if (!rep?.dialect || !rep.ruleSet || typeof witness !== 'string') return undefined;
  const rule = ruleOf(ctx, d);
  const requestsPath = rep.requestsPath ?? ctx.ws.requestsPathFor(rep.path);
  const existing = rep.requestsPath ? ctx.ws.text(rep.requestsPath) : undefined;
  const name = uniqueName(`${String(d.code)}: ${witness}`.slice(0, 120), new Set(rep.results.map((r) => r.request.name)));
  const chosen = pick(rep.dialect, rep.ruleSet, candidates(rep.dialect, rule, witness, dataOf(d)), rule, ctx.ws.host.ctx ?? {});
  if (!chosen) return undefined;
  const { fields, verdict } = chosen;
  // A deny that does not decide its witness is a hole: the stored request expects the secure
  // decision, so it fails until the rule is fixed instead of pinning today's hole as correct.
  const secure = SECURE_EXPECT.has(String(d.code)) && rule?.decision === 'deny' && verdict.decision !== 'deny';
  const expect = secure ? rule.native : verdict.native;
  const entry = inlineJson({ name, origin: 'synthetic', ...fields, expect, note: `witness of ${String(d.code)}` });
  const uri = ctx.ws.uriOf(requestsPath);
  const title = secure ? `Add stored request "${name}" (expects ${expect}; currently ${verdict.native})` : `Add stored request "${name}" (currently ${verdict.native})`;
  const edit = existing === undefined ? createEdit(uri, entry, ctx.features.createFiles) : appendEdit(uri, existing, entry);
  return edit ? { title, kind: CodeActionKind.QuickFix, diagnostics: [d], edit } : undefined;
}

/**
 * The first candidate the dialect reads as a valid request, preferring one whose trace shows the
 * rule matching (the witness is about that rule); evaluated, so `expect` records today's verdict.
 */
function pick(dialect: AnyDialect, rs: RuleSet, list: Array<Record<string, unknown>>, rule: Rule | undefined, evalCtx: EvalContext): { fields: Record<string, unknown>; verdict: Verdict } | undefined {
  let fallback: { fields: Record<string, unknown>; verdict: Verdict } | undefined;
  for (const fields of list) {
    const probe = parseRequestsFile('<witness>', JSON.stringify({ requests: [{ name: 'witness', ...fields }] }), dialect).requests[0];
    if (!probe || probe.request === undefined) continue;
    const { verdict } = safeEvaluate(dialect, rs, probe.request, evalCtx);
    if (!verdict) continue;
    const matched = rule !== undefined && verdict.trace.sections.some((s) => s.rows.some((r) => r.rule === rule.index && r.matches.length > 0 && r.matches.every((m) => m === true)));
    if (matched) return { fields, verdict };
    fallback ??= { fields, verdict };
  }
  return fallback;
}

function createEdit(uri: string, entry: string, canCreate: boolean): WorkspaceEdit | undefined {
  if (!canCreate) return undefined;
  const text = `{\n  "requests": [\n    ${entry}\n  ]\n}\n`;
  return {
    documentChanges: [
      { kind: 'create', uri, options: { ignoreIfExists: true } },
      { textDocument: { uri, version: null }, edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: text }] },
    ],
  };
}

function appendEdit(uri: string, text: string, entry: string): WorkspaceEdit | undefined {
  const root = parseRoot(text);
  const list = root?.type === 'object' ? root.children?.find((p) => p.children?.[0]?.value === 'requests')?.children?.[1] : undefined;
  if (!list || list.type !== 'array') return undefined;
  const src = new SourceText(text);
  const items = list.children ?? [];
  if (!items.length) {
    const indent = indentOf(text, list.offset);
    const edit = { start: list.offset, end: list.offset + list.length, text: `[\n${indent}    ${entry}\n${indent}]` };
    return { changes: { [uri]: [toTextEdit(src, edit)] } };
  }
  const last = items[items.length - 1];
  const at = last.offset + last.length;
  return { changes: { [uri]: [toTextEdit(src, { start: at, end: at, text: joinerOf(items, text) + entry })] } };
}
