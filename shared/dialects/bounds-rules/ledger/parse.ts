import { finding, type Finding } from '../../../model';
import { parseJson, prop, typeName, valueOf } from '../../../json/tree';
import { readStep } from '../request';
import type { Ledger, LedgerEntry, LedgerLine } from './types';

/** Keys a ledger line carries besides the step fields. */
export const LEDGER_FIELDS: readonly string[] = ['step', 'verdict', 'code', 'rule', 'tainted_by', 'digest', 'args'];
/** A ledger line longer than this is corrupt by definition: an entry is a few hundred characters. */
export const MAX_LINE_CHARS = 1024 * 1024;

function lineFinding(lineIndex: number, start: number, end: number, message: string): Finding {
  return finding('schema', 'error', `line ${lineIndex + 1}: ${message} — line skipped`, { start: { line: lineIndex, character: start }, end: { line: lineIndex, character: end } });
}

/** Reads one line; a problem becomes a finding on that line and the line is skipped. */
function readLine(text: string, lineIndex: number, findings: Finding[]): LedgerEntry | undefined {
  const before = findings.length;
  const bad = (start: number, end: number, message: string) => findings.push(lineFinding(lineIndex, start, end, message));
  if (text.length > MAX_LINE_CHARS) return void bad(0, 0, `longer than ${MAX_LINE_CHARS} characters`);
  const doc = parseJson(text);
  if (doc.findings.length || !doc.root) return void bad(0, text.length, doc.findings[0]?.message ?? 'not JSON');
  const root = doc.root;
  if (root.type !== 'object') return void bad(0, text.length, `an entry must be a JSON object, found ${typeName(root)}`);
  const at = (n: { offset: number; length: number }) => [n.offset, n.offset + n.length] as const;
  const step = readStep(root, (n, m) => bad(...at(n), m), 'the entry', LEDGER_FIELDS);
  const num = prop(root, 'step');
  if (!num || num.type !== 'number' || !Number.isSafeInteger(num.value) || num.value < 1) bad(...at(num ?? root), '"step" must be a whole number ≥ 1');
  const verdict = prop(root, 'verdict');
  if (!verdict || (verdict.value !== 'ALLOW' && verdict.value !== 'DENY')) bad(...at(verdict ?? root), '"verdict" must be "ALLOW" or "DENY"');
  const digest = prop(root, 'digest');
  if (!digest || digest.type !== 'string') bad(...at(digest ?? root), '"digest" must be a string');
  const nullableString = (key: string) => {
    const n = prop(root, key);
    if (n && n.type !== 'string' && n.type !== 'null') bad(...at(n), `"${key}" must be a string or null`);
    return n?.type === 'string' ? (n.value as string) : null;
  };
  const code = nullableString('code');
  const rule = nullableString('rule');
  const tb = prop(root, 'tainted_by');
  if (tb && tb.type !== 'null' && (tb.type !== 'number' || !Number.isSafeInteger(tb.value) || tb.value < 1)) bad(...at(tb), '"tainted_by" must be a step number or null');
  const args = prop(root, 'args');
  if (args && args.type !== 'object') bad(...at(args), '"args" must be an object');
  if (findings.length > before || !step) return undefined;
  const entry: LedgerEntry = {
    ...step,
    step: num!.value as number,
    verdict: verdict!.value as 'ALLOW' | 'DENY',
    code,
    rule,
    tainted_by: tb?.type === 'number' ? (tb.value as number) : null,
    digest: digest!.value as string,
  };
  if (args) entry.args = valueOf(args) as Record<string, unknown>;
  return entry;
}

/**
 * Parses `.attesso/ledger.jsonl`: one entry per non-empty line. A corrupt line (bad JSON, missing
 * or ill-typed field, repeated step number) is a finding with its line number and is skipped —
 * never silently.
 * @example parseLedger('{"step":1,…}\nnot json\n').findings[0].message // 'line 2: invalid JSON: … — line skipped'
 */
export function parseLedger(text: string): Ledger {
  const findings: Finding[] = [];
  const entries: LedgerLine[] = [];
  const seen = new Map<number, number>();
  let lineCount = 0;
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, i) => {
    if (raw.trim() === '') return;
    lineCount++;
    const entry = readLine(raw, i, findings);
    if (!entry) return;
    const prev = seen.get(entry.step);
    if (prev !== undefined) {
      findings.push(lineFinding(i, 0, raw.length, `step #${entry.step} is already recorded on line ${prev}`));
      return;
    }
    seen.set(entry.step, i + 1);
    entries.push({ line: i + 1, entry });
  });
  return { entries, findings, lineCount };
}

/**
 * The JSONL line for an entry, fields in a stable order and absent optional fields left out.
 * @example entryLine(entry) // '{"step":1,"task":"job-1",…}'
 */
export function entryLine(e: LedgerEntry): string {
  const o: Record<string, unknown> = { step: e.step, task: e.task, action: e.action, subject: e.subject };
  if (e.trust !== undefined) o.trust = e.trust;
  o.capability = e.capability;
  if (e.args_hash !== undefined) o.args_hash = e.args_hash;
  if (e.args !== undefined) o.args = e.args;
  if (e.at !== undefined) o.at = e.at;
  Object.assign(o, { verdict: e.verdict, code: e.code, rule: e.rule, tainted_by: e.tainted_by, digest: e.digest });
  return JSON.stringify(o);
}

/**
 * The number the next appended step gets: after every recorded step and every line, valid or not.
 * @example nextStepNumber(parseLedger(text)) // 5 after four lines
 */
export function nextStepNumber(l: Ledger): number {
  return Math.max(l.lineCount, ...l.entries.map((x) => x.entry.step), 0) + 1;
}
