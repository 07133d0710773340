import { readToml, type TomlDocument } from '../../toml/tree';

/** Files whose `[[rule]]` tables are kept for the next read of the same file. */
export const MAX_KEPT_POLICY_FILES = 4;

/** A line that is exactly an `[[rule]]` header (spaces and a comment allowed around it). */
const RULE_HEADER = /^[ \t]*\[\[[ \t]*rule[ \t]*\]\][ \t]*(?:#[^\n]*)?\r?$/;

/** One `[[rule]]` table read on its own: its value and nodes, offsets from the table's header. */
interface TableRead {
  value: Record<string, unknown>;
  nodes: [string, TomlDocument['nodes'] extends Map<string, infer N> ? N : never][];
}

/** By file, oldest first: the tables of its last read, by their text. */
const kept = new Map<string, Map<string, TableRead>>();

/** Where each `[[rule]]` header line starts, or undefined when the file has another header or a multi-line string. */
function tableStarts(text: string): number[] | undefined {
  // A multi-line string may hold a line that looks like a header: read such files whole.
  if (text.includes('"""') || text.includes("'''")) return undefined;
  const starts: number[] = [];
  for (let at = 0; at < text.length; ) {
    const nl = text.indexOf('\n', at);
    const end = nl < 0 ? text.length : nl;
    let i = at;
    while (i < end && (text[i] === ' ' || text[i] === '\t')) i++;
    if (text[i] === '[') {
      if (!RULE_HEADER.test(text.slice(at, end))) return undefined;
      starts.push(at);
    }
    at = end + 1;
  }
  return starts;
}

const RULE_PREFIX = `rule${'\u0000'}0`;

/** Reads one table's text (`[[rule]]` and its body) alone; undefined unless it is exactly one rule table. */
function readTable(chunk: string): TableRead | undefined {
  const doc = readToml(chunk);
  const rules = doc.value?.rule;
  if (doc.error || !doc.value || Object.keys(doc.value).length !== 1 || !Array.isArray(rules) || rules.length !== 1) return undefined;
  const nodes: TableRead['nodes'] = [];
  for (const [k, n] of doc.nodes) {
    if (!k.startsWith(RULE_PREFIX) || (k.length > RULE_PREFIX.length && k[RULE_PREFIX.length] !== '\u0000')) return undefined;
    nodes.push([k.slice(RULE_PREFIX.length), n]);
  }
  return { value: rules[0] as Record<string, unknown>, nodes };
}

/**
 * A Gemini policy file read as `readToml` reads it, table by table: a file of nothing but
 * `[[rule]]` tables (the usual shape) is cut at their headers, and a table whose text did not
 * change since the file's last read is not parsed again. Each table is read on its own, which is
 * the same as reading it in the file: a table's keys belong to it alone. Anything else (another
 * header, a multi-line string, a table that does not read on its own, a syntax error) is read
 * whole, so errors come back exactly as `readToml` gives them.
 * @example readPolicyToml('p.toml', '[[rule]]\ntoolName = "x"\n').value // { rule: [{ toolName: 'x' }] }
 */
export function readPolicyToml(key: string, text: string): TomlDocument {
  const previous = kept.get(key);
  kept.delete(key);
  const starts = tableStarts(text);
  const doc = starts && starts.length > 0 ? readTables(text, starts, previous) : undefined;
  if (!doc) return readToml(text);
  kept.set(key, doc.tables);
  for (const k of kept.keys()) {
    if (kept.size <= MAX_KEPT_POLICY_FILES) break;
    kept.delete(k);
  }
  return doc.doc;
}

function readTables(text: string, starts: number[], previous: Map<string, TableRead> | undefined): { doc: TomlDocument; tables: Map<string, TableRead> } | undefined {
  const head = text.slice(0, starts[0]);
  if (head.trim() !== '') {
    // Keys or comments before the first table: only comments and blank lines are read in parts.
    const pre = readToml(head);
    if (pre.error || !pre.value || Object.keys(pre.value).length > 0) return undefined;
  }
  const tables = new Map<string, TableRead>();
  const rules: Record<string, unknown>[] = [];
  const nodes: TomlDocument['nodes'] = new Map();
  for (let i = 0; i < starts.length; i++) {
    const start = starts[i];
    const chunk = text.slice(start, i + 1 < starts.length ? starts[i + 1] : text.length);
    const read = tables.get(chunk) ?? previous?.get(chunk) ?? readTable(chunk);
    if (!read) return undefined;
    tables.set(chunk, read);
    rules.push(read.value);
    const base = `rule${'\u0000'}${i}`;
    for (const [rest, n] of read.nodes) {
      const moved = { start: n.start + start, end: n.end + start, valueStart: n.valueStart + start, valueEnd: n.valueEnd + start };
      nodes.set(base + rest, 'kind' in n ? { ...moved, kind: n.kind } : moved);
    }
  }
  return { doc: { value: { rule: rules }, nodes, error: null }, tables };
}

/** Forgets every kept table (tests). */
export function forgetPolicyTables(): void {
  kept.clear();
}
