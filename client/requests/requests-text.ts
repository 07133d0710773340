import { applyEdits, findNodeAtLocation, modify, parseTree, type Edit, type Node, type ParseError } from 'jsonc-parser';

/** Names already used in a requests file's text, so a new request can be given a unique one. */
export function storedNames(text: string): Set<string> {
  const names = new Set<string>();
  const requests = requestsArray(text);
  for (const r of requests?.children ?? []) {
    const name = r.type === 'object' ? findNodeAtLocation(r, ['name']) : undefined;
    if (name?.type === 'string') names.add(name.value as string);
  }
  return names;
}

function requestsArray(text: string): Node | undefined {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true });
  const node = root ? findNodeAtLocation(root, ['requests']) : undefined;
  return node?.type === 'array' ? node : undefined;
}

/**
 * One request on one line, the way stored requests are usually written by hand.
 * @example inline({ name: 'a', resources: ['x', 'y'] }) // '{ "name": "a", "resources": ["x", "y"] }'
 */
export function inline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return entries.length ? `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`).join(', ')} }` : '{}';
  }
  return JSON.stringify(value) ?? 'null';
}

function indentAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

/**
 * Text edits that append one request to a requests file. Only new text is inserted: existing
 * requests (copied ones especially) keep their exact bytes. A blank file gets a fresh skeleton.
 */
export function appendRequestEdits(text: string, request: Record<string, unknown>, eol = '\n'): Edit[] {
  if (!text.trim()) return [{ offset: 0, length: text.length, content: `{${eol}  "requests": [${eol}    ${inline(request)}${eol}  ]${eol}}${eol}` }];
  const requests = requestsArray(text);
  if (!requests) {
    return modify(text, ['requests'], [request], { formattingOptions: { insertSpaces: true, tabSize: 2, eol } });
  }
  const items = requests.children ?? [];
  if (items.length) {
    const last = items[items.length - 1];
    return [{ offset: last.offset + last.length, length: 0, content: `,${eol}${indentAt(text, last.offset)}${inline(request)}` }];
  }
  const outer = indentAt(text, requests.offset);
  return [{ offset: requests.offset + 1, length: requests.length - 2, content: `${eol}${outer}  ${inline(request)}${eol}${outer}` }];
}

/** @example appendRequestText('', { name: 'a' }) // '{\n  "requests": [\n    { "name": "a" }\n  ]\n}\n' */
export function appendRequestText(text: string, request: Record<string, unknown>, eol = '\n'): string {
  return applyEdits(text, appendRequestEdits(text, request, eol));
}
