import type { Node } from 'jsonc-parser';
import { skipWs } from './skim';

/**
 * A syntax tree for strict JSON, node for node what `jsonc-parser`'s `parseTree` builds (types,
 * offsets, lengths, values, `colonOffset`, parents), in a fraction of its time: rule files are
 * re-parsed on every keystroke, and most are plain JSON. Anything outside strict JSON — comments,
 * trailing commas, a syntax error, a control character in a string — returns undefined, and the
 * caller runs the full parser, which reports it with its exact location. So does nesting deeper
 * than `maxDepth`.
 * @example strictJsonTree('{"a": [1]}')?.children?.[0].children?.[1].type // 'array'
 */
export function strictJsonTree(text: string, maxDepth = Infinity): Node | undefined {
  const p = new StrictParser(text, maxDepth);
  try {
    p.skipWs();
    if (p.at >= text.length) return undefined;
    const root = p.value(undefined);
    p.skipWs();
    if (p.at !== text.length || !root) return undefined;
    delete (root as { parent?: Node }).parent;
    return root;
  } catch {
    return undefined;
  }
}

/**
 * The tree of the one strict-JSON value that starts at `offset` (no whitespace before it), with
 * offsets into the whole text, what follows it ignored; undefined when it is not strict JSON.
 * @example strictJsonTreeAt('[1, {"a": 2}]', 4)?.children?.length // 1
 */
export function strictJsonTreeAt(text: string, offset: number): Node | undefined {
  const p = new StrictParser(text, Infinity);
  p.at = offset;
  try {
    const node = p.value(undefined);
    if (node) delete (node as { parent?: Node }).parent;
    return node;
  } catch {
    return undefined;
  }
}

/** Numbers exactly as the JSON grammar writes them. */
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:e[+-]?\d+)?/iy;

type Mutable = { -readonly [K in keyof Node]: Node[K] };

class StrictParser {
  at = 0;
  private depth = 0;
  constructor(private readonly text: string, private readonly maxDepth: number) {}

  skipWs(): void {
    this.at = skipWs(this.text, this.at);
  }

  /** A value starting at the current position (whitespace skipped); undefined when it is not strict JSON. */
  value(parent: Node | undefined): Node | undefined {
    const t = this.text;
    const start = this.at;
    const c = t.charCodeAt(start);
    if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++this.depth > this.maxDepth) return undefined;
      const node = c === 123 ? this.object(parent) : this.array(parent);
      this.depth--;
      return node;
    }
    if (c === 34 /* " */) {
      const value = this.string();
      if (value === undefined) return undefined;
      return { type: 'string', offset: start, length: this.at - start, parent, value };
    }
    if (c === 116 /* t */ && t.startsWith('true', start)) return this.literal(parent, 'boolean', true, 4);
    if (c === 102 /* f */ && t.startsWith('false', start)) return this.literal(parent, 'boolean', false, 5);
    if (c === 110 /* n */ && t.startsWith('null', start)) return this.literal(parent, 'null', null, 4);
    NUMBER.lastIndex = start;
    const m = NUMBER.exec(t);
    if (!m) return undefined;
    this.at = start + m[0].length;
    return { type: 'number', offset: start, length: m[0].length, parent, value: Number(m[0]) };
  }

  private literal(parent: Node | undefined, type: 'boolean' | 'null', value: boolean | null, length: number): Node {
    const offset = this.at;
    this.at += length;
    return { type, offset, length, parent, value };
  }

  /** The string at the current position, unescaped; undefined on a control character or a bad escape. */
  string(): string | undefined {
    const t = this.text;
    const start = this.at;
    let escaped = false;
    let i = start + 1;
    for (;;) {
      const c = t.charCodeAt(i);
      if (c === 34) break;
      if (c === 92 /* \ */) {
        escaped = true;
        i += 2;
        continue;
      }
      // NaN at the end of the text: an unterminated string.
      if (!(c >= 32)) return undefined;
      i++;
    }
    this.at = i + 1;
    // JSON.parse rejects exactly the escapes the JSON grammar rejects (it throws: the caller falls back).
    return escaped ? (JSON.parse(t.slice(start, i + 1)) as string) : t.slice(start + 1, i);
  }

  private object(parent: Node | undefined): Node | undefined {
    const t = this.text;
    const node = { type: 'object', offset: this.at, length: -1, parent, children: [] as Node[] } as Mutable;
    this.at++;
    this.skipWs();
    if (t.charCodeAt(this.at) === 125 /* } */) {
      this.at++;
      node.length = this.at - node.offset;
      return node;
    }
    for (;;) {
      if (t.charCodeAt(this.at) !== 34) return undefined;
      const prop = { type: 'property', offset: this.at, length: -1, parent: node, children: [] as Node[] } as Mutable;
      const keyStart = this.at;
      const key = this.string();
      if (key === undefined) return undefined;
      prop.children!.push({ type: 'string', value: key, offset: keyStart, length: this.at - keyStart, parent: prop });
      this.skipWs();
      if (t.charCodeAt(this.at) !== 58 /* : */) return undefined;
      prop.colonOffset = this.at;
      this.at++;
      this.skipWs();
      const v = this.value(prop);
      if (!v) return undefined;
      prop.children!.push(v);
      prop.length = v.offset + v.length - prop.offset;
      node.children!.push(prop);
      this.skipWs();
      const c = t.charCodeAt(this.at);
      this.at++;
      if (c === 125) break;
      if (c !== 44 /* , */) return undefined;
      this.skipWs();
    }
    node.length = this.at - node.offset;
    return node;
  }

  private array(parent: Node | undefined): Node | undefined {
    const t = this.text;
    const node = { type: 'array', offset: this.at, length: -1, parent, children: [] as Node[] } as Mutable;
    this.at++;
    this.skipWs();
    if (t.charCodeAt(this.at) === 93 /* ] */) {
      this.at++;
      node.length = this.at - node.offset;
      return node;
    }
    for (;;) {
      const v = this.value(node);
      if (!v) return undefined;
      node.children!.push(v);
      this.skipWs();
      const c = t.charCodeAt(this.at);
      this.at++;
      if (c === 93) break;
      if (c !== 44) return undefined;
      this.skipWs();
    }
    node.length = this.at - node.offset;
    return node;
  }
}
