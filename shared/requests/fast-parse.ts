import * as path from 'path';
import type { Node } from 'jsonc-parser';
import { SourceText, type Finding, type Range } from '../model';
import { MAX_DOCUMENT_CHARS, MAX_NESTING_DEPTH, rangeOf } from '../json/tree';
import { strictJsonValue, type FastJson } from '../json/fast-value';
import { elementBounds, memberAt, skimEnd, skimPath } from '../json/skim';
import type { AnyDialect } from '../dialects/dialect';
import { GENERIC_REQUEST_FIELDS } from './fields';
import type { Expectation, RequestsFile, StoredRequest } from './model';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const hasOwn = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);
const FILE_FIELDS = new Set(['rules', 'requests', '$schema', 'builtins']);

/**
 * A requests file read from `JSON.parse`'s value when nothing in it is a finding: strict JSON, no
 * repeated key, only known fields, every request well formed for a dialect that reads values
 * (`readRequestValue`). Each request finds its nodes, for its ranges, only when they are first
 * asked for. Undefined otherwise: the full reader reports every problem with its range. Its
 * result is the full reader's (test/unit/requests/fast-parse.test.ts).
 * @example fastRequestsFile('a.requests.json', '{"requests": []}', opencode)?.requests // []
 */
export function fastRequestsFile(filePath: string, text: string, dialect: AnyDialect | undefined, limits: { maxRequests: number; origins: readonly string[]; words: readonly string[] }): RequestsFile | undefined {
  const readValue = dialect?.readRequestValue;
  if (!dialect || !readValue || text.length > MAX_DOCUMENT_CHARS || text.charCodeAt(0) === 0xfeff) return undefined;
  const json = strictJsonValue(text, MAX_NESTING_DEPTH);
  const root = json?.value;
  if (!json || !isObj(root)) return undefined;
  for (const k in root) if (!FILE_FIELDS.has(k)) return undefined;
  const out: RequestsFile = { path: filePath, rulesRef: null, builtins: null, requests: [], findings: [] };
  if (hasOwn(root, 'rules')) {
    if (typeof root.rules !== 'string' || !root.rules) return undefined;
    out.rulesRef = path.resolve(path.dirname(filePath), root.rules);
  }
  if (hasOwn(root, 'builtins')) {
    if (typeof root.builtins !== 'boolean') return undefined;
    out.builtins = root.builtins;
  }
  const list = root.requests;
  if (!Array.isArray(list) || list.length > limits.maxRequests) return undefined;
  const known = new Set([...GENERIC_REQUEST_FIELDS, ...dialect.requestFields]);
  const names = new Set<string>();
  const places = new Places(json, new SourceText(text));
  for (let index = 0; index < list.length; index++) {
    const item = list[index];
    if (!isObj(item)) return undefined;
    for (const k in item) if (!known.has(k)) return undefined;
    const { name, origin, note } = item;
    if (typeof name !== 'string' || !name || names.has(name)) return undefined;
    names.add(name);
    if (hasOwn(item, 'origin') && !(typeof origin === 'string' && limits.origins.includes(origin))) return undefined;
    if (hasOwn(item, 'note') && typeof note !== 'string') return undefined;
    let expect: Expectation | null = null;
    if (hasOwn(item, 'expect')) {
      const e = readExpect(item.expect, limits.words, places, index);
      if (!e) return undefined;
      expect = e;
    }
    const request = readValue(item);
    if (request === undefined) return undefined;
    out.requests.push(new PlacedRequest(places, index, name, hasOwn(item, 'origin') ? (origin as string) : null, hasOwn(item, 'note') ? (note as string) : null, expect, request, item));
  }
  return out;
}

function readExpect(v: unknown, words: readonly string[], places: Places, index: number): Expectation | undefined {
  const word = (x: unknown) => typeof x === 'string' && words.includes(x);
  if (typeof v === 'string') return word(v) ? new PlacedExpectation(places, index, v, {}) : undefined;
  if (!isObj(v)) return undefined;
  const fields: Obj = {};
  let decision: string | null = null;
  for (const k in v) {
    if (k === 'decision') {
      if (!word(v[k])) return undefined;
      decision = v[k] as string;
    } else fields[k] = v[k];
  }
  return new PlacedExpectation(places, index, decision, fields);
}

/** The requests file's tree, built on first use, and the nodes of its entries. */
class Places {
  private list: Node | undefined;
  /** Each request's start and end in turn, skimmed from the text on first use (see `elementBounds`). */
  private bounds: number[] | undefined;
  constructor(private readonly json: FastJson, readonly source: SourceText) {}

  /**
   * Where request `index` is written, skimmed from the text with no tree of the file: a request
   * whose verdict flips against the git base is placed this way, and a large file's tree costs
   * more than the rest of its check.
   */
  itemRange(index: number): Range {
    const b = this.requestBounds();
    if (2 * index + 1 >= b.length) return rangeOf(this.source, this.item(index));
    return this.source.range(b[2 * index], b[2 * index + 1]);
  }

  /**
   * Where the value of `key` in request `index` is written, skimmed within the request's bounds:
   * the name of a request whose verdict flips is placed this way, with no tree of the file.
   */
  fieldRange(index: number, key: string): Range {
    const b = this.requestBounds();
    const at = 2 * index + 1 < b.length ? memberAt(this.json.text, b[2 * index], key) : -1;
    if (at < 0) return rangeOf(this.source, this.field(index, key));
    return this.source.range(at, skimEnd(this.json.text, at));
  }

  private requestBounds(): number[] {
    if (!this.bounds) {
      const at = skimPath(this.json.text, ['requests']);
      this.bounds = at < 0 ? [] : elementBounds(this.json.text, at);
    }
    return this.bounds;
  }

  item(index: number): Node {
    this.list ??= member(this.json.tree(), 'requests');
    return this.list.children![index];
  }

  /** The value node of `key` in request `index`. */
  field(index: number, key: string): Node {
    return member(this.item(index), key);
  }
}

/** The value node of an object's `key` (no key repeats on this path). */
function member(obj: Node, key: string): Node {
  for (const p of obj.children ?? []) if (p.children![0].value === key) return p.children![1];
  throw new Error(`no member "${key}"`);
}

/** A stored request whose ranges are found on first use; `toJSON` keeps them in serialized output. */
class PlacedRequest implements StoredRequest {
  readonly findings: Finding[] = [];
  #places: Places;
  #range: Range | undefined;
  #nameRange: Range | undefined;
  #fieldRanges: Record<string, Range> | undefined;

  constructor(
    places: Places,
    readonly index: number,
    readonly name: string,
    readonly origin: string | null,
    readonly note: string | null,
    readonly expect: Expectation | null,
    readonly request: unknown,
    readonly raw: Obj,
  ) {
    this.#places = places;
  }

  get range(): Range {
    return (this.#range ??= this.#places.itemRange(this.index));
  }
  get nameRange(): Range {
    return (this.#nameRange ??= this.#places.fieldRange(this.index, 'name'));
  }
  get fieldRanges(): Record<string, Range> {
    return (this.#fieldRanges ??= Object.fromEntries(Object.keys(this.raw).map((k) => [k, this.#places.fieldRange(this.index, k)])));
  }

  toJSON(): StoredRequest {
    const { index, name, origin, note, expect, request, raw, range, nameRange, fieldRanges, findings } = this;
    return { index, name, origin, note, expect, request, raw, range, nameRange, fieldRanges, findings };
  }
}

/** An expectation whose range is found on first use. */
class PlacedExpectation implements Expectation {
  #range: Range | undefined;
  #places: Places;
  #at: number;
  constructor(places: Places, at: number, readonly decision: string | null, readonly fields: Obj) {
    this.#places = places;
    this.#at = at;
  }

  get range(): Range {
    return (this.#range ??= this.#places.fieldRange(this.#at, 'expect'));
  }

  toJSON(): Expectation {
    return { decision: this.decision, fields: this.fields, range: this.range };
  }
}
