import type { Node } from 'jsonc-parser';
import { isDecision, type Decision } from '../../model';
import { lazyStrictTree, type FastJson } from '../../json/fast-value';
import { strictJsonTreeAt } from '../../json/fast-tree';
import { elementBounds, skimPath } from '../../json/skim';
import type { LeafNodes, PermLeaf, PermTree } from './layers';
import { mergePerm, toolsToPerm } from './layers';
import { mergeAgent, STRING_ONLY_KEYS, type AgentLayer, type FileLayer, type RuleDraft } from './drafts';
import type { Deferred, Placed, RuleNodes } from './rule-object';

/** A path from the document root: object keys and array indices. */
type JsonPath = ReadonlyArray<string | number>;
type Obj = Record<string, unknown>;

/** Rules read without a tree when the file is well formed: any finding sends the caller to the full reader. */
class Unreadable extends Error {}

const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const own = (o: Obj, k: string): unknown => (Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined);
const V2_FIELDS = new Set(['action', 'resource', 'effect']);
/** Objects with more properties than this get a key index the first time a node inside is located. */
const INDEX_OBJECTS_OVER = 8;

/**
 * The checked file's layer read straight from the `JSON.parse` value, each rule's nodes found in the
 * syntax tree only when a range is first asked for. Undefined when anything in the permission parts
 * would be a finding (a wrong type, an unknown decision, a missing field): the full reader reports
 * it with its range. Its result is the full reader's, rule for rule (test/unit/opencode/fast-read.test.ts).
 * @example fastFileLayer(strictJsonValue('{"permission": {"edit": "deny"}}', 256)!)?.permission?.get('edit')
 */
export function fastFileLayer(json: FastJson): FileLayer | undefined {
  const root = json.value;
  if (!isObj(root)) return undefined;
  const at = new Locator(json);
  try {
    const out: FileLayer = { ...section(root, null, [], at), agents: new Map() };
    for (const key of ['agent', 'agents', 'mode']) agents(own(root, key), key, out.agents, at);
    const def = own(root, 'default_agent');
    if (typeof def === 'string') out.defaultAgent = def;
    LOCATORS.set(out, at);
    return out;
  } catch (e) {
    if (e instanceof Unreadable) return undefined;
    throw e;
  }
}

/** Each fast-read layer's locator: what it skims of the text is skimmed once for every reader. */
const LOCATORS = new WeakMap<FileLayer, Locator>();

/**
 * How to find where each element of the text's top-level `permissions` list starts and ends (as
 * `elementBounds` lists them), skimmed once with the rules' own places; undefined for a layer
 * the fast path did not read. The answer holds the text's locator (every rule holds it already),
 * not the layer.
 * @example topLevelBounds(fastFileLayer(json)!)?.().length // twice the number of top-level rules
 */
export function topLevelBounds(layer: FileLayer): (() => number[]) | undefined {
  const at = LOCATORS.get(layer);
  return at && (() => at.listBounds(TOP_LEVEL_V2));
}

const decision = (v: unknown): Decision => {
  if (typeof v !== 'string' || !isDecision(v)) throw new Unreadable();
  return v;
};

function section(obj: Obj, agent: string | null, base: JsonPath, at: Locator): { permission: PermTree | null; tools: Map<string, PermLeaf> | null; v2: RuleDraft[] } {
  const permission = own(obj, 'permission');
  const permissions = own(obj, 'permissions');
  const tools = own(obj, 'tools');
  return {
    permission: permission === undefined ? null : v1(permission, [...base, 'permission'], at),
    tools: tools === undefined ? null : toolsOf(tools, [...base, 'tools'], at),
    v2: permissions === undefined ? [] : v2(permissions, agent, base.length === 0 ? TOP_LEVEL_V2 : [...base, 'permissions'], at),
  };
}

function v1(v: unknown, p: JsonPath, at: Locator): PermTree {
  const tree: PermTree = new Map();
  if (typeof v === 'string') {
    tree.set('*', { kind: 'one', leaf: { decision: decision(v), nodes: new Place(at, 'shorthand', p) } });
    return tree;
  }
  if (!isObj(v)) throw new Unreadable();
  for (const [key, x] of Object.entries(v)) {
    if (typeof x === 'string') tree.set(key, { kind: 'one', leaf: { decision: decision(x), nodes: new Place(at, 'one', [...p, key]) } });
    else if (isObj(x) && !STRING_ONLY_KEYS.includes(key)) {
      const entries = new Map<string, PermLeaf>();
      for (const [pattern, d] of Object.entries(x)) entries.set(pattern, { decision: decision(d), nodes: new Place(at, 'mapped', [...p, key, pattern]) });
      tree.set(key, { kind: 'map', entries });
    } else throw new Unreadable();
  }
  return tree;
}

function toolsOf(v: unknown, p: JsonPath, at: Locator): Map<string, PermLeaf> {
  if (!isObj(v)) throw new Unreadable();
  const out = new Map<string, PermLeaf>();
  for (const [name, x] of Object.entries(v)) {
    if (typeof x !== 'boolean') throw new Unreadable();
    out.set(name, { decision: x ? 'allow' : 'deny', nodes: new Place(at, 'one', [...p, name]) });
  }
  return out;
}

function v2(v: unknown, agent: string | null, p: JsonPath, at: Locator): RuleDraft[] {
  if (!Array.isArray(v)) throw new Unreadable();
  const out: RuleDraft[] = new Array(v.length);
  for (let i = 0; i < v.length; i++) out[i] = v2Item(v[i], agent, p, i, at);
  return out;
}

function v2Item(item: unknown, agent: string | null, p: JsonPath, i: number, at: Locator): RuleDraft {
  if (!isObj(item)) throw new Unreadable();
  let fields = 0;
  for (const k in item) {
    if (!V2_FIELDS.has(k)) throw new Unreadable();
    fields++;
  }
  const { action, resource, effect } = item;
  if (fields !== 3 || typeof action !== 'string' || typeof resource !== 'string') throw new Unreadable();
  return { action, resource, effect: decision(effect), form: 'v2', agent, nodes: new V2Place(at, p, i) };
}

/** The path of the checked file's top-level V2 list. */
export const TOP_LEVEL_V2: JsonPath = ['permissions'];

/**
 * Element `index` of the top-level `permissions` list of `text`, read from that element's own
 * `JSON.parse` value as the fast reader reads it (its place found in `text` when first asked
 * for), or undefined when the fast reader would not take it.
 * @example topLevelV2Draft(text, { action: 'edit', resource: '*', effect: 'deny' }, 0)?.effect // 'deny'
 */
export function topLevelV2Draft(text: string, value: unknown, index: number): RuleDraft | undefined {
  try {
    return v2Item(value, null, TOP_LEVEL_V2, index, new Locator({ value: undefined, text, tree: lazyStrictTree(text) }));
  } catch (e) {
    if (e instanceof Unreadable) return undefined;
    throw e;
  }
}

function agents(container: unknown, key: string, into: Map<string, AgentLayer>, at: Locator): void {
  if (container === undefined) return;
  if (!isObj(container)) throw new Unreadable();
  for (const [name, a] of Object.entries(container)) {
    if (!isObj(a)) throw new Unreadable();
    const s = section(a, name, [key, name], at);
    // The agent schema folds the agent's own `tools` under its `permission` (Object.assign).
    const permission = s.tools ? mergePerm(toolsToPerm(s.tools), s.permission ?? new Map()) : s.permission;
    const layer: AgentLayer = { permission, v2: s.v2, fromMode: key === 'mode' };
    const disable = own(a, 'disable');
    if (typeof disable === 'boolean') layer.disabled = disable;
    const prev = into.get(name);
    into.set(name, prev ? mergeAgent(prev, layer) : layer);
  }
}

/** A V1 leaf or `tools` entry, found by path when a range is first asked for (a class: no closure per rule). */
class Place implements Deferred<LeafNodes> {
  constructor(private readonly at: Locator, private readonly kind: 'shorthand' | 'one' | 'mapped', private readonly path: JsonPath) {}
  resolve(): LeafNodes {
    return this.at[this.kind](this.path);
  }
}

/** A V2 rule object, found by path when a range is first asked for. */
class V2Place implements Deferred<RuleNodes>, Placed {
  constructor(private readonly at: Locator, private readonly list: JsonPath, private readonly index: number) {}
  resolve(): RuleNodes {
    return this.at.v2Rule(this.list, this.index);
  }
  start(): number {
    return this.at.v2Start(this.list, this.index);
  }
}

/**
 * A V2 rule object's nodes: the object's own from its place alone (a lens needs no more), its
 * fields' from a tree of just that object, built when first asked for.
 */
class V2Nodes implements RuleNodes {
  readonly prop: Node;
  #item: Node | undefined;
  constructor(private readonly text: string, start: number, end: number) {
    this.prop = { type: 'object', offset: start, length: end - start };
  }
  private field(key: string): Node {
    // JSON.parse accepted the text, so the strict parser reads this object too.
    const item = (this.#item ??= strictJsonTreeAt(this.text, this.prop.offset));
    const prop = item?.children?.find((c) => c.children![0].value === key);
    if (!prop) throw new Error(`no member "${key}" in the rule at offset ${this.prop.offset}`);
    return prop.children![1];
  }
  get actionNode(): Node {
    return this.field('action');
  }
  get resourceNode(): Node {
    return this.field('resource');
  }
  get effectNode(): Node {
    return this.field('effect');
  }
}

/** Finds nodes by path in the document's tree, which it builds on first use. */
class Locator {
  private readonly keys = new WeakMap<Node, Map<string, Node>>();
  /** Each list's element bounds (see `elementBounds`), by its path: one array object per list read. */
  private readonly lists = new Map<JsonPath, number[]>();
  /** The text and its tree, not the parsed value: every rule keeps its locator, and the value is not needed once read. */
  private readonly json: Pick<FastJson, 'text' | 'tree'>;
  constructor(json: FastJson) {
    this.json = { text: json.text, tree: json.tree };
  }

  /** The property node for the last key of `p` (an object member). */
  property(p: JsonPath): Node {
    let node = this.json.tree();
    let prop: Node | undefined;
    for (const k of p) {
      if (typeof k === 'number') {
        node = node.children![k];
        continue;
      }
      prop = this.member(node, k);
      node = prop.children![1];
    }
    return prop!;
  }

  /** The value node at `p`. */
  value(p: JsonPath): Node {
    let node = this.json.tree();
    for (const k of p) node = typeof k === 'number' ? node.children![k] : this.member(node, k).children![1];
    return node;
  }

  /** `"permission": "deny"`: the string stands for all four. */
  shorthand(p: JsonPath): LeafNodes {
    const n = this.value(p);
    return { prop: n, actionKey: n, resourceKey: n, value: n };
  }

  /** `"edit": "deny"` (or a `tools` boolean): the key names the action and the resource is `*`. */
  one(p: JsonPath): LeafNodes {
    const prop = this.property(p);
    const [key, value] = prop.children!;
    return { prop, actionKey: key, resourceKey: key, value };
  }

  /** `"edit": {"*.md": "allow"}`: the outer key is the action, the inner one the pattern. */
  mapped(p: JsonPath): LeafNodes {
    const prop = this.property(p);
    const [key, value] = prop.children!;
    return { prop, actionKey: this.property(p.slice(0, -1)).children![0], resourceKey: key, value };
  }

  /**
   * `{"action": …, "resource": …, "effect": …}`, element `index` of the `permissions` array at
   * `list`: found by skimming the text (each list's elements once), with no tree of the file.
   */
  v2Rule(list: JsonPath, index: number): RuleNodes {
    const bounds = this.boundsOf(list, index);
    return new V2Nodes(this.json.text, bounds[2 * index], bounds[2 * index + 1]);
  }

  /** Where element `index` of the list at `list` starts. */
  v2Start(list: JsonPath, index: number): number {
    return this.boundsOf(list, index)[2 * index];
  }

  /** The list's element bounds, skimmed once per list (its rules share one path array). */
  listBounds(list: JsonPath): number[] {
    let bounds = this.lists.get(list);
    if (!bounds) {
      const at = skimPath(this.json.text, list);
      bounds = at < 0 ? [] : elementBounds(this.json.text, at);
      this.lists.set(list, bounds);
    }
    return bounds;
  }

  private boundsOf(list: JsonPath, index: number): number[] {
    const bounds = this.listBounds(list);
    if (2 * index + 1 >= bounds.length) throw new Error(`no rule ${index} in ${JSON.stringify(list)}`);
    return bounds;
  }

  private member(obj: Node, key: string): Node {
    const children = obj.children!;
    if (children.length > INDEX_OBJECTS_OVER) {
      let index = this.keys.get(obj);
      if (!index) {
        index = new Map();
        for (const c of children) index.set(c.children![0].value as string, c);
        this.keys.set(obj, index);
      }
      return index.get(key)!;
    }
    for (const c of children) if (c.children![0].value === key) return c;
    throw new Error(`no member "${key}"`);
  }
}
