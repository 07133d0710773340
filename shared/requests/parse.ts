import * as path from 'path';
import type { Node } from 'jsonc-parser';
import { finding, type Finding, type Range } from '../model';
import { GENERIC_REQUEST_FIELDS, suggestWord } from './fields';
import { duplicateKeyFindings, parseJson, properties, prop, rangeOf, typeName, valueOf } from '../json/tree';
import type { AnyDialect } from '../dialects/dialect';
import type { Expectation, RequestsFile, StoredRequest } from './model';
import { fastRequestsFile } from './fast-parse';

export const ORIGINS = ['synthetic', 'copied'] as const;
/** Beyond this many requests a file is refused: one run must stay cheap in the editor. */
export const MAX_REQUESTS_PER_FILE = 100_000;

/**
 * Parses a requests file with ranges and reads each request through its dialect. Never throws.
 * @example parseRequestsFile('a.requests.json', text, opencode).requests.length
 */
export function parseRequestsFile(filePath: string, text: string, dialect: AnyDialect | undefined): RequestsFile {
  const fast = fastRequestsFile(filePath, text, dialect, { maxRequests: MAX_REQUESTS_PER_FILE, origins: ORIGINS, words: expectWords(dialect) });
  if (fast) return fast;
  const doc = parseJson(text);
  const src = doc.source;
  const findings: Finding[] = [...doc.findings];
  const out: RequestsFile = { path: filePath, rulesRef: null, builtins: null, requests: [], findings };
  const root = doc.root;
  if (!root) return out;
  findings.push(...duplicateKeyFindings(src, root));
  if (root.type !== 'object') {
    findings.push(finding('schema', 'error', `a requests file must be an object {"requests": [...]}, found ${typeName(root)}`, rangeOf(src, root)));
    return out;
  }
  for (const p of properties(root)) {
    if (!['rules', 'requests', '$schema', 'builtins'].includes(p.key)) {
      findings.push(finding('schema', 'warning', `unknown field "${p.key}" in a requests file (expected "rules", "requests")`, rangeOf(src, p.keyNode)));
    }
  }
  const rules = prop(root, 'rules');
  if (rules) {
    if (rules.type !== 'string' || !rules.value) findings.push(finding('schema', 'error', '"rules" must be a relative path to the rule file', rangeOf(src, rules)));
    else out.rulesRef = path.resolve(path.dirname(filePath), rules.value);
  }
  const builtins = prop(root, 'builtins');
  if (builtins) {
    if (builtins.type !== 'boolean') findings.push(finding('schema', 'error', '"builtins" must be true or false (false: run these requests against the file alone, without the agent\'s built-in rules)', rangeOf(src, builtins)));
    else out.builtins = builtins.value;
  }
  const list = prop(root, 'requests');
  if (!list) {
    findings.push(finding('schema', 'error', 'missing "requests" (an array of requests)', rangeOf(src, root)));
    return out;
  }
  if (list.type !== 'array') {
    findings.push(finding('schema', 'error', `"requests" must be an array, found ${typeName(list)}`, rangeOf(src, list)));
    return out;
  }
  const items = list.children ?? [];
  if (items.length > MAX_REQUESTS_PER_FILE) {
    findings.push(finding('schema', 'error', `too many requests (${items.length}; the limit is ${MAX_REQUESTS_PER_FILE})`, rangeOf(src, list)));
    return out;
  }
  const names = new Map<string, Node>();
  items.forEach((item, index) => {
    const r = readOne(item, index, src, dialect, names);
    out.requests.push(r);
    findings.push(...r.findings);
  });
  return out;
}

function readOne(item: Node, index: number, src: ReturnType<typeof parseJson>['source'], dialect: AnyDialect | undefined, names: Map<string, Node>): StoredRequest {
  const findings: Finding[] = [];
  const bad = (node: Node, message: string) => findings.push(finding('request-invalid', 'error', message, rangeOf(src, node)));
  const range = rangeOf(src, item);
  const base: StoredRequest = { index, name: `#${index + 1}`, origin: null, note: null, expect: null, request: undefined, raw: valueOf(item), range, nameRange: range, findings };
  if (item.type !== 'object') {
    bad(item, `a request must be an object, found ${typeName(item)}`);
    return base;
  }
  const name = prop(item, 'name');
  if (!name) bad(item, 'missing "name" (a unique string)');
  else if (name.type !== 'string' || !name.value) bad(name, '"name" must be a non-empty string');
  else {
    base.name = name.value;
    base.nameRange = rangeOf(src, name);
    const prev = names.get(name.value);
    if (prev) {
      findings.push(finding('request-invalid', 'error', `duplicate request name "${name.value}" (names are unique within a file)`, rangeOf(src, name), {
        related: [{ range: rangeOf(src, prev), message: 'first request with this name' }],
      }));
    } else names.set(name.value, name);
  }
  const origin = prop(item, 'origin');
  if (origin) {
    if (origin.type !== 'string' || !(ORIGINS as readonly string[]).includes(origin.value)) bad(origin, '"origin" must be "synthetic" (invented) or "copied" (captured from a runtime)');
    else base.origin = origin.value;
  }
  const note = prop(item, 'note');
  if (note) {
    if (note.type !== 'string') bad(note, '"note" must be a string');
    else base.note = note.value;
  }
  const expect = prop(item, 'expect');
  if (expect) base.expect = readExpect(expect, src, dialect, bad);
  base.fieldRanges = Object.fromEntries(properties(item).filter((p) => p.value).map((p) => [p.key, rangeOf(src, p.value!)]));
  if (!dialect) return base;
  const { request, findings: fieldFindings } = dialect.readRequest(item, src);
  const known = [...GENERIC_REQUEST_FIELDS, ...dialect.requestFields];
  for (const p of properties(item)) {
    if (known.includes(p.key)) continue;
    const near = suggestWord(p.key, known);
    if (!near) continue;
    // The dialect reports the unknown field on its key; say which field was meant.
    const at = rangeOf(src, p.keyNode);
    const f = fieldFindings.find((x) => x.code === 'request-invalid' && x.message.startsWith(`unknown field "${p.key}"`) && sameRange(x.range, at));
    const hint = near === 'expect' ? ' — did you mean "expect"? (without it the request checks nothing)' : ` — did you mean "${near}"?`;
    if (f) f.message = `unknown field "${p.key}"${hint}`;
    else fieldFindings.push(finding('request-invalid', 'error', `unknown field "${p.key}"${hint}`, at));
  }
  fieldFindings.push(...valueFindings(dialect, item, src));
  findings.push(...fieldFindings);
  if (!fieldFindings.some((f) => f.severity === 'error')) base.request = request;
  return base;
}

function sameRange(a: Range, b: Range): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}

/** Field values the agent would never send (a mis-cased tool name), from the dialect. */
function valueFindings(dialect: AnyDialect, item: Node, src: ReturnType<typeof parseJson>['source']): Finding[] {
  return dialect.requestChecks?.fieldValues?.(item, src) ?? [];
}

/** Every decision word an expectation may use for a dialect: normalized words plus its native ones. */
export function expectWords(dialect: AnyDialect | undefined): string[] {
  return [...new Set(['allow', 'ask', 'deny', ...Object.keys(dialect?.nativeDecisions ?? {})])];
}

function readExpect(node: Node, src: ReturnType<typeof parseJson>['source'], dialect: AnyDialect | undefined, bad: (n: Node, m: string) => void): Expectation | null {
  const words = expectWords(dialect);
  const checkWord = (n: Node): string | null => {
    if (n.type !== 'string' || !words.includes(n.value)) {
      const near = n.type === 'string' ? suggestWord(n.value, words) : undefined;
      bad(n, `"expect" decision must be one of ${words.map((w) => `"${w}"`).join(', ')}${near ? ` — did you mean "${near}"?` : ''}`);
      return null;
    }
    return n.value;
  };
  if (node.type === 'string') {
    const w = checkWord(node);
    return w === null ? null : { decision: w, fields: {}, range: rangeOf(src, node) };
  }
  if (node.type !== 'object') {
    bad(node, `"expect" must be a decision string or an object pinning details, found ${typeName(node)}`);
    return null;
  }
  const fields: Record<string, unknown> = {};
  let decision: string | null = null;
  for (const p of properties(node)) {
    if (!p.value) continue;
    if (p.key === 'decision') decision = checkWord(p.value);
    else fields[p.key] = valueOf(p.value);
  }
  return { decision, fields, range: rangeOf(src, node) };
}
