import * as os from 'os';
import * as path from 'path';
import type { Node } from 'jsonc-parser';
import { FILE_START, finding, isDecision, SourceText, type Decision, type EvalContext, type Finding } from '../../model';
import { duplicateKeyFindings, MAX_DOCUMENT_CHARS, MAX_NESTING_DEPTH, parseJson, properties, prop, rangeOf, typeName } from '../../json/tree';
import { strictJsonValue } from '../../json/fast-value';
import { fastFileLayer, topLevelBounds } from './fast-read';
import type { FileInfo } from '../dialect';
import { jsOrder, mergePerm, mergeTools, toolsToPerm, type PermLeaf, type PermTree } from './layers';
import { withBuiltins } from './effective';
import type { OpencodeForm, OpencodeRuleSet } from './rules';
import type { LeafNodes } from './layers';
import { type Deferred, type Lazy, type RuleNodes } from './rule-object';

export type { RuleNodes } from './rule-object';
export { BUILTIN_PATTERNS, expandHome, materialize, mergeAgent, opencodeRuleSet, pooledPatterns, STRING_ONLY_KEYS, V2_HOME_ACTIONS, type AgentLayer, type FileLayer, type PatternSource, type RuleDraft, type UserRules } from './drafts';
import { mergeAgent, opencodeRuleSet, materialize, patternPool, STRING_ONLY_KEYS, type AgentLayer, type FileLayer, type PatternSource, type RuleDraft, type UserRules } from './drafts';

const ALLOWED = 'expected one of "allow", "ask", "deny"';

/**
 * The keys of a JSON object in the order `JSON.parse` + `Object.entries` yields them: array-index
 * keys first in ascending numeric order, then the rest in first-occurrence order; a repeated key
 * keeps its first position but takes its last value. Key order is meaning in V1, so this matters.
 * @example jsOrderedEntries(node) // [{ key: '1', … }, { key: '*', … }] for {"*": …, "1": …}
 */
export function jsOrderedEntries(obj: Node): Array<{ key: string; keyNode: Node; value: Node | undefined; prop: Node }> {
  const byKey = new Map<string, { key: string; keyNode: Node; value: Node | undefined; prop: Node }>();
  for (const p of properties(obj)) {
    const prev = byKey.get(p.key);
    if (prev) {
      prev.value = p.value;
      prev.prop = p.prop;
      prev.keyNode = p.keyNode;
    } else byKey.set(p.key, { ...p });
  }
  return jsOrder(new Map([...byKey.values()].map((e) => [e.key, e]))).map(([, e]) => e);
}

class Reader {
  readonly findings: Finding[] = [];
  /** `file`: the path of another layer's file, so its rules can name their place in it. */
  constructor(readonly source: SourceText, readonly layer: string | undefined, readonly filePath?: string) {}

  /** Where a node of another layer's file is, for its rules. */
  private placeOf(offset: number): { path: string; line: number } | undefined {
    return this.filePath === undefined ? undefined : { path: this.filePath, line: this.source.lineAt(offset) };
  }

  /** Errors in another layer's file cannot be shown there: they are reported at the checked file's start, with the place in the message. */
  error(node: Node, message: string): void {
    if (this.layer === undefined) this.findings.push(finding('schema', 'error', message, rangeOf(this.source, node)));
    else {
      const at = this.source.positionAt(node.offset);
      this.findings.push(finding('schema', 'error', `${this.layer}, line ${at.line + 1}: ${message}`, FILE_START));
    }
  }

  decision(node: Node | undefined, where: string): Decision | undefined {
    if (!node) return undefined;
    if (node.type !== 'string') {
      this.error(node, `${where}: ${ALLOWED}, found ${typeName(node)}`);
      return undefined;
    }
    if (!isDecision(node.value)) {
      this.error(node, `${where}: ${ALLOWED}, found "${node.value}"`);
      return undefined;
    }
    return node.value;
  }

  leaf(decision: Decision, nodes: PermLeaf['nodes']): PermLeaf {
    if (this.layer === undefined) return { decision, nodes };
    const n = nodes && ('prop' in nodes ? nodes : nodes.resolve());
    const at = n ? this.placeOf(n.prop.offset) : undefined;
    return at ? { decision, layer: this.layer, at } : { decision, layer: this.layer };
  }

  /** V1 `permission`: a decision string (shorthand for `{"*": …}`) or an object of action → decision | {pattern: decision}. */
  v1(node: Node): PermTree | null {
    const tree: PermTree = new Map();
    if (node.type === 'string') {
      const d = this.decision(node, 'permission');
      if (d) tree.set('*', { kind: 'one', leaf: this.leaf(d, { prop: node, actionKey: node, resourceKey: node, value: node }) });
      return tree;
    }
    if (node.type !== 'object') {
      this.error(node, `"permission" must be a decision string or an object of action → decision, found ${typeName(node)}`);
      return null;
    }
    for (const e of jsOrderedEntries(node)) {
      const v = e.value;
      if (!v) continue;
      if (v.type === 'string') {
        const d = this.decision(v, `permission "${e.key}"`);
        if (d) tree.set(e.key, { kind: 'one', leaf: this.leaf(d, { prop: e.prop, actionKey: e.keyNode, resourceKey: e.keyNode, value: v }) });
      } else if (v.type === 'object') {
        if (STRING_ONLY_KEYS.includes(e.key)) {
          this.error(v, `"${e.key}" accepts only a decision string ("allow", "ask" or "deny"), not a pattern map`);
          continue;
        }
        const entries = new Map<string, PermLeaf>();
        for (const m of jsOrderedEntries(v)) {
          if (!m.value) continue;
          const d = this.decision(m.value, `permission "${e.key}" pattern "${m.key}"`);
          if (d) entries.set(m.key, this.leaf(d, { prop: m.prop, actionKey: e.keyNode, resourceKey: m.keyNode, value: m.value }));
        }
        tree.set(e.key, { kind: 'map', entries });
      } else {
        this.error(v, `permission "${e.key}": expected a decision string or a map of pattern → decision, found ${typeName(v)}`);
      }
    }
    return tree;
  }

  /** Legacy `tools: {name: boolean}`. */
  tools(node: Node): Map<string, PermLeaf> | null {
    if (node.type !== 'object') {
      this.error(node, `"tools" must be an object of tool name → true/false, found ${typeName(node)}`);
      return null;
    }
    const out = new Map<string, PermLeaf>();
    for (const e of jsOrderedEntries(node)) {
      const v = e.value;
      if (!v) continue;
      if (v.type !== 'boolean') {
        this.error(v, `"tools.${e.key}" must be true or false, found ${typeName(v)}`);
        continue;
      }
      out.set(e.key, this.leaf(v.value ? 'allow' : 'deny', { prop: e.prop, actionKey: e.keyNode, resourceKey: e.keyNode, value: v }));
    }
    return out;
  }

  /** V2 `permissions`: an ordered array of {action, resource, effect}. */
  v2(node: Node, agent: string | null): RuleDraft[] {
    const out: RuleDraft[] = [];
    if (node.type !== 'array') {
      this.error(node, `"permissions" must be an array of {"action", "resource", "effect"}, found ${typeName(node)}`);
      return out;
    }
    for (const item of node.children ?? []) {
      if (item.type !== 'object') {
        this.error(item, `a permission rule must be an object {"action", "resource", "effect"}, found ${typeName(item)}`);
        continue;
      }
      let ok = true;
      for (const p of properties(item)) {
        if (!['action', 'resource', 'effect'].includes(p.key)) {
          this.error(p.keyNode, `unknown field "${p.key}" in a permission rule (expected "action", "resource", "effect")`);
          ok = false;
        }
      }
      const fields: Record<string, Node | undefined> = {};
      for (const key of ['action', 'resource', 'effect']) {
        const v = prop(item, key);
        fields[key] = v;
        if (!v) {
          this.error(item, `missing required field "${key}" (a string)`);
          ok = false;
        } else if (v.type !== 'string') {
          this.error(v, `"${key}" must be a string, found ${typeName(v)}`);
          ok = false;
        }
      }
      const effect = fields.effect?.type === 'string' ? this.decision(fields.effect, '"effect"') : undefined;
      if (!ok || !effect) continue;
      const draft: RuleDraft = { action: fields.action!.value, resource: fields.resource!.value, effect, form: 'v2', agent };
      if (this.layer === undefined) draft.nodes = { prop: item, actionNode: fields.action!, resourceNode: fields.resource!, effectNode: fields.effect! };
      else {
        draft.layer = this.layer;
        const at = this.placeOf(item.offset);
        if (at) draft.at = at;
      }
      out.push(draft);
    }
    return out;
  }

  /** `permission` / `permissions` / `tools` of one section (the top level or an agent), last duplicate key winning. */
  section(obj: Node, agent: string | null): { permission: PermTree | null; tools: Map<string, PermLeaf> | null; v2: RuleDraft[] } {
    const out = { permission: null as PermTree | null, tools: null as Map<string, PermLeaf> | null, v2: [] as RuleDraft[] };
    for (const p of properties(obj)) {
      if (!p.value || prop(obj, p.key) !== p.value) continue;
      if (p.key === 'permission') out.permission = this.v1(p.value);
      else if (p.key === 'permissions') out.v2 = this.v2(p.value, agent);
      else if (p.key === 'tools') out.tools = this.tools(p.value);
    }
    return out;
  }

  agents(container: Node | undefined, key: string, into: Map<string, AgentLayer>): void {
    if (!container) return;
    if (container.type !== 'object') {
      this.error(container, `"${key}" must be an object of agent name → settings, found ${typeName(container)}`);
      return;
    }
    for (const e of jsOrderedEntries(container)) {
      if (!e.value) continue;
      if (e.value.type !== 'object') {
        this.error(e.value, `agent "${e.key}" must be an object, found ${typeName(e.value)}`);
        continue;
      }
      const s = this.section(e.value, e.key);
      // The agent schema folds the agent's own `tools` under its `permission` (Object.assign).
      const permission = s.tools ? mergePerm(toolsToPerm(s.tools), s.permission ?? new Map()) : s.permission;
      const disable = prop(e.value, 'disable');
      const layer: AgentLayer = { permission, v2: s.v2, fromMode: key === 'mode' };
      if (disable?.type === 'boolean') layer.disabled = disable.value;
      const prev = into.get(e.key);
      into.set(e.key, prev ? mergeAgent(prev, layer) : layer);
    }
  }

  file(root: Node | undefined): FileLayer {
    const out: FileLayer = { permission: null, tools: null, v2: [], agents: new Map() };
    if (!root) return out;
    if (root.type !== 'object') {
      this.error(root, `an OpenCode config must be a JSON object, found ${typeName(root)}`);
      return out;
    }
    Object.assign(out, this.section(root, null));
    this.agents(prop(root, 'agent'), 'agent', out.agents);
    this.agents(prop(root, 'agents'), 'agents', out.agents);
    // Legacy `mode.<name>` entries become primary agents, merged after `agent`.
    this.agents(prop(root, 'mode'), 'mode', out.agents);
    const def = prop(root, 'default_agent');
    if (def?.type === 'string') out.defaultAgent = def.value;
    return out;
  }
}


/** Layers merge as OpenCode's loader merges config objects: later files win key by key. */
function mergeLayers(a: FileLayer, b: FileLayer): FileLayer {
  const agents = new Map(a.agents);
  for (const [k, v] of b.agents) {
    const prev = agents.get(k);
    agents.set(k, prev ? mergeAgent(prev, v) : v);
  }
  return {
    permission: a.permission && b.permission ? mergePerm(a.permission, b.permission) : b.permission ?? a.permission,
    tools: a.tools && b.tools ? mergeTools(a.tools, b.tools) : b.tools ?? a.tools,
    v2: [...a.v2, ...b.v2],
    agents,
    defaultAgent: b.defaultAgent ?? a.defaultAgent,
  };
}

/** A merged V1 tree as the rule list `Permission.fromConfig` makes of it. */
function flatten(tree: PermTree | null, agent: string | null): RuleDraft[] {
  const out: RuleDraft[] = [];
  if (!tree) return out;
  const draft = (action: string, resource: string, leaf: PermLeaf): RuleDraft => {
    const d: RuleDraft = { action, resource, effect: leaf.decision, form: 'v1', agent };
    const n = leaf.nodes;
    if (n) d.nodes = isDeferredLeaf(n) ? new LeafAsRule(n) : leafNodes(n);
    if (leaf.layer) d.layer = leaf.layer;
    if (leaf.at) d.at = leaf.at;
    if (leaf.tool) d.tool = leaf.tool;
    return d;
  };
  for (const [action, v] of jsOrder(tree)) {
    if (v.kind === 'one') out.push(draft(action, '*', v.leaf));
    else for (const [pattern, leaf] of jsOrder(v.entries)) out.push(draft(action, pattern, leaf));
  }
  return out;
}

function leafNodes(n: LeafNodes): RuleNodes {
  return { prop: n.prop, actionNode: n.actionKey, resourceNode: n.resourceKey, effectNode: n.value };
}

const isDeferredLeaf = (n: Lazy<LeafNodes>): n is Deferred<LeafNodes> => typeof (n as Partial<Deferred<LeafNodes>>).resolve === 'function';

/** A V1 leaf's nodes as a rule's, found when first asked for. */
class LeafAsRule implements Deferred<RuleNodes> {
  constructor(private readonly leaf: Deferred<LeafNodes>) {}
  resolve(): RuleNodes {
    return leafNodes(this.leaf.resolve());
  }
}


function userRules(merged: FileLayer): UserRules {
  // The loader folds top-level `tools` under `permission` after every layer has merged.
  const permission = merged.tools ? mergePerm(toolsToPerm(merged.tools), merged.permission ?? new Map()) : merged.permission;
  // Lists joined with `concat`, not spread: a large file's thousands of drafts are copied once.
  const top = flatten(permission, null).concat(merged.v2);
  const agents = [...merged.agents].map(([name, a]) => ({ name, rules: flatten(a.permission, name).concat(a.v2), disabled: a.disabled === true }));
  const v2 = (rules: readonly RuleDraft[]) => rules.every((r) => r.form === 'v2');
  const any = top.length > 0 || agents.some((a) => a.rules.length > 0);
  const form: OpencodeForm = any && v2(top) && agents.every((a) => v2(a.rules)) ? 'v2' : 'v1';
  return { top, agents, form, defaultAgent: merged.defaultAgent };
}


/** How the checked file names another layer in traces: `global config ~/.config/opencode/opencode.json`. */
function globalLayerName(p: string): string {
  return `global config ${p}`;
}

/**
 * Parses an OpenCode config into the rule list OpenCode runs: the built-in defaults and agent
 * rules of the modelled release, the user's layers (an optional global config from the context,
 * then this file, legacy `tools` folded in) and each agent's own rules. With `ctx.builtins ===
 * false` the list is the file's own rules alone (top-level first, then each agent's).
 * @example parseOpencode({ path: 'opencode.json', text: '{"permission": {"edit": "deny"}}' }, { builtins: false }).rules[0].label // 'edit * deny'
 */
export function parseOpencode(file: FileInfo, ctx: EvalContext = {}): OpencodeRuleSet {
  const before: OpencodeLayerText[] = ctx.globalConfig ? [{ name: globalLayerName(ctx.globalConfig.path), text: ctx.globalConfig.text, kind: 'config' }] : [];
  return parseOpencodeLayers(file, before, [], ctx);
}

/** Another config layer merged with the checked file: a file's text, or `OPENCODE_PERMISSION`'s. */
export interface OpencodeLayerText {
  /** The layer for people: `global config ~/.config/opencode/opencode.json`, `.opencode/opencode.json`. */
  name: string;
  text: string;
  /** The file it is written in, so its rules name their place; absent for an environment variable. */
  path?: string;
  /** `config`: a whole config file; `permission`: a `permission` object alone (`OPENCODE_PERMISSION`). */
  kind: 'config' | 'permission';
}

/** An environment variable's value as OpenCode's `JSON.parse` reads it, or undefined when it throws. */
function envJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Reads another layer as OpenCode merges it; its problems are reported at the checked file's start. */
function readLayer(l: OpencodeLayerText, findings: Finding[]): FileLayer {
  if (l.kind === 'permission') {
    const value = envJson(l.text);
    if (value === undefined || value === null || typeof value !== 'object' || Array.isArray(value)) {
      // OpenCode deep-merges it into `permission` key by key (remeda mergeDeep, opencode-ai 1.18.33):
      // a string's characters become permissions named `0`, `1`, … and nothing else changes.
      findings.push(finding('schema', 'warning', `${l.name} is not a JSON object (${value === undefined ? 'it does not parse as JSON, and OpenCode skips it' : Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value}): OpenCode merges an object into \`permission\` key by key, so this adds no rule for any tool; RuleLens leaves it out`, FILE_START));
      return { permission: null, tools: null, v2: [], agents: new Map() };
    }
  }
  const text = l.kind === 'permission' ? `{"permission":${l.text}}` : l.text;
  const g = parseJson(text);
  const reader = new Reader(g.source, l.name, l.kind === 'config' ? l.path : undefined);
  const layer = reader.file(g.root);
  for (const f of g.findings) reader.findings.push(finding(f.code, f.severity, `${l.name}, line ${f.range.start.line + 1}: ${f.message}`, FILE_START));
  findings.push(...reader.findings);
  return layer;
}

/**
 * The checked file merged with the layers OpenCode loads before and after it (later wins, key
 * positions kept: remeda `mergeDeep`), then the built-in layers.
 * @example parseOpencodeLayers(file, [global], [dotOpencode], ctx).rules.find((r) => r.layer)?.file
 */
export function parseOpencodeLayers(file: FileInfo, before: readonly OpencodeLayerText[], after: readonly OpencodeLayerText[], ctx: EvalContext = {}): OpencodeRuleSet {
  const home = ctx.home ?? os.homedir();
  const fast = readFast(file.text);
  const { source, findings, own } = fast ?? readFull(file.text);
  let merged: FileLayer | undefined;
  for (const l of before) merged = merged ? mergeLayers(merged, readLayer(l, findings)) : readLayer(l, findings);
  merged = merged ? mergeLayers(merged, own) : own;
  for (const l of after) merged = mergeLayers(merged, readLayer(l, findings));
  const layered = before.length + after.length > 0;
  const user = userRules(merged);
  const pool = patternPool(file.path);
  const bare = bareRuleSet(file.path, source, findings, user, home, pool);
  pool.done();
  const ruleSet = ctx.builtins === false ? bare : withBuiltins(bare, user, { home, worktree: ctx.root ?? path.posix.dirname(file.path.replace(/\\/g, '/')) });
  // A text whose top level is one V2 list, and which nothing else merges into, can be the near
  // parse a nearby text is read off (only one top-level rule then moves with an edit inside it).
  const bounds = fast && !layered && user.top.length === own.v2.length && (ctx.builtins === false || user.form === 'v2') ? topLevelBounds(own) : undefined;
  if (bounds) FAST_PARSES.set(ruleSet, { text: file.text, key: parseKey(file.path, ctx, home), top: own.v2.length, bounds });
  return ruleSet;
}

/** What a fast parse whose top level is one V2 list was of (see `reparse.ts`). */
export interface FastParse {
  text: string;
  /** The inputs besides the text, as `parseKey` writes them. */
  key: string;
  /** How many rules the top-level list has: the rule set's first ones. */
  top: number;
  /** Where each of them is in the text (see `topLevelBounds`), skimmed when first asked for. */
  bounds(): number[];
}

const FAST_PARSES = new WeakMap<OpencodeRuleSet, FastParse>();

/** @example fastParseOf(parseOpencode({ path, text: '{"permissions": []}' }))?.top // 0 */
export function fastParseOf(rs: OpencodeRuleSet): FastParse | undefined {
  return FAST_PARSES.get(rs);
}

/** Everything besides the text that a parse with no global config depends on (one with it is never read off). */
export function parseKey(filePath: string, ctx: EvalContext, home = ctx.home ?? os.homedir()): string {
  return JSON.stringify([filePath, home, ctx.root ?? null, ctx.builtins === false]);
}


/** The checked file's layer and findings. */
interface OwnLayer {
  source: SourceText;
  findings: Finding[];
  own: FileLayer;
}

/**
 * Well-formed strict JSON whose permission parts are all valid: read from `JSON.parse`'s value, no
 * tree built until a range is asked for. Anything else is left to `readFull`.
 */
function readFast(text: string): OwnLayer | undefined {
  if (text.length > MAX_DOCUMENT_CHARS || text.charCodeAt(0) === 0xfeff) return undefined;
  const json = strictJsonValue(text, MAX_NESTING_DEPTH);
  const own = json && fastFileLayer(json);
  return own ? { source: new SourceText(text), findings: [], own } : undefined;
}

/** Any text: the full parse, every problem a finding with its range. */
function readFull(text: string): OwnLayer {
  const doc = parseJson(text);
  const reader = new Reader(doc.source, undefined);
  reader.findings.push(...doc.findings);
  const own = reader.file(doc.root);
  if (doc.root && doc.root.type === 'object') reader.findings.push(...duplicateKeyFindings(doc.source, doc.root));
  return { source: doc.source, findings: reader.findings, own };
}

function bareRuleSet(filePath: string, source: SourceText, findings: Finding[], user: UserRules, home: string, patterns: PatternSource): OpencodeRuleSet {
  const drafts = [...user.top, ...user.agents.flatMap((a) => a.rules)];
  const agents = user.agents.filter((a) => a.rules.length > 0).map((a) => a.name);
  return opencodeRuleSet(filePath, source, materialize(drafts, source, home, patterns), findings, agents, null, undefined, undefined);
}
