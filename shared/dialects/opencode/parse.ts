import * as os from 'os';
import type { Node } from 'jsonc-parser';
import { finding, isDecision, type Decision, type EvalContext, type Finding, type SourceText } from '../../model';
import { duplicateKeyFindings, parseJson, properties, prop, rangeOf, typeName } from '../../json/tree';
import type { FileInfo } from '../dialect';
import { compile, type CompiledWildcard, type Wildcard } from '../../patterns/wildcard';
import { opencodePattern } from './pattern';
import type { OpencodeForm, OpencodeRule, OpencodeRuleSet } from './rules';

/** V1 keys whose value must be a single decision string (a pattern map there is rejected). */
export const STRING_ONLY_KEYS: readonly string[] = ['webfetch', 'websearch', 'todowrite', 'question', 'doom_loop'];
/** V2 actions whose resources get home expansion. */
export const V2_HOME_ACTIONS: readonly string[] = ['read', 'edit', 'external_directory'];

const ALLOWED = 'expected one of "allow", "ask", "deny"';

type SharedPattern = { pattern: Wildcard; matcher: CompiledWildcard };

/**
 * Patterns of the last parse of each recently parsed file, reused by its next parse: an edit
 * re-parses the whole file, but all rules but one are unchanged. Only a few files are remembered,
 * so a run over a thousand files keeps no more than those. Patterns are never mutated once built.
 */
const PATTERN_POOL_FILES = 4;
const poolByFile = new Map<string, Map<string, SharedPattern>>();

/** The pattern source for one parse of `file`: last parse's patterns first, then new ones. */
function patternPool(file: string): { get(text: string, source: string): SharedPattern; done(): void } {
  const previous = poolByFile.get(file);
  const next = new Map<string, SharedPattern>();
  return {
    get(text, source) {
      const key = text === source ? text : `${text}\u0000${source}`;
      let hit = next.get(key) ?? previous?.get(key);
      if (!hit) {
        const pattern = opencodePattern(text);
        pattern.source = source;
        hit = { pattern, matcher: compile(pattern) };
      }
      next.set(key, hit);
      return hit;
    },
    done() {
      poolByFile.delete(file);
      poolByFile.set(file, next);
      if (poolByFile.size > PATTERN_POOL_FILES) poolByFile.delete(poolByFile.keys().next().value!);
    },
  };
}

/**
 * `~`, `~/x` and `$HOME/x` at the start of a pattern become the home directory, as the agent does.
 * @example expandHome('~/notes', '/home/u') // '/home/u/notes'
 */
export function expandHome(pattern: string, home: string): string {
  if (pattern === '~') return home;
  if (pattern.startsWith('~/')) return home + pattern.slice(1);
  if (pattern.startsWith('$HOME/')) return home + pattern.slice(5);
  return pattern;
}

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
  const all = [...byKey.values()];
  const isIndex = (k: string) => /^(0|[1-9]\d*)$/.test(k) && Number(k) < 4294967295;
  const indexKeys = all.filter((e) => isIndex(e.key)).sort((a, b) => Number(a.key) - Number(b.key));
  return [...indexKeys, ...all.filter((e) => !isIndex(e.key))];
}

class Builder {
  readonly rules: OpencodeRule[] = [];
  readonly findings: Finding[] = [];
  constructor(readonly source: SourceText, readonly home: string, private readonly patterns: ReturnType<typeof patternPool>) {}

  error(node: Node, message: string): void {
    this.findings.push(finding('schema', 'error', message, rangeOf(this.source, node)));
  }

  add(p: {
    action: string;
    resource: string;
    effect: Decision;
    form: OpencodeForm;
    agent: string | null;
    node: Node;
    actionNode: Node;
    resourceNode: Node;
    effectNode: Node;
  }): void {
    const expandsHome = p.form === 'v1' || V2_HOME_ACTIONS.includes(p.action);
    const resource = expandsHome ? expandHome(p.resource, this.home) : p.resource;
    const act = this.patterns.get(p.action, p.action);
    const res = this.patterns.get(resource, p.resource);
    this.rules.push({
      index: this.rules.length,
      id: null,
      decision: p.effect,
      native: p.effect,
      label: `${p.action} ${p.resource} ${p.effect}`,
      range: rangeOf(this.source, p.node),
      scope: p.agent ? `agent ${p.agent}` : undefined,
      action: p.action,
      resource: p.resource,
      actionPattern: act.pattern,
      resourcePattern: res.pattern,
      actionMatcher: act.matcher,
      resourceMatcher: res.matcher,
      form: p.form,
      agent: p.agent,
      actionRange: rangeOf(this.source, p.actionNode),
      resourceRange: rangeOf(this.source, p.resourceNode),
      effectRange: rangeOf(this.source, p.effectNode),
    });
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

  /** V1 `permission`: a decision string or an object of action → decision | {pattern: decision}. */
  v1(node: Node, agent: string | null): void {
    if (node.type === 'string') {
      const d = this.decision(node, 'permission');
      if (d) this.add({ action: '*', resource: '*', effect: d, form: 'v1', agent, node, actionNode: node, resourceNode: node, effectNode: node });
      return;
    }
    if (node.type !== 'object') {
      this.error(node, `"permission" must be a decision string or an object of action → decision, found ${typeName(node)}`);
      return;
    }
    for (const e of jsOrderedEntries(node)) {
      const v = e.value;
      if (!v) continue;
      if (v.type === 'string') {
        const d = this.decision(v, `permission "${e.key}"`);
        if (d) this.add({ action: e.key, resource: '*', effect: d, form: 'v1', agent, node: e.prop, actionNode: e.keyNode, resourceNode: e.keyNode, effectNode: v });
      } else if (v.type === 'object') {
        if (STRING_ONLY_KEYS.includes(e.key)) {
          this.error(v, `"${e.key}" accepts only a decision string ("allow", "ask" or "deny"), not a pattern map`);
          continue;
        }
        for (const m of jsOrderedEntries(v)) {
          if (!m.value) continue;
          const d = this.decision(m.value, `permission "${e.key}" pattern "${m.key}"`);
          if (d) this.add({ action: e.key, resource: m.key, effect: d, form: 'v1', agent, node: m.prop, actionNode: e.keyNode, resourceNode: m.keyNode, effectNode: m.value });
        }
      } else {
        this.error(v, `permission "${e.key}": expected a decision string or a map of pattern → decision, found ${typeName(v)}`);
      }
    }
  }

  /** V2 `permissions`: an ordered array of {action, resource, effect}. */
  v2(node: Node, agent: string | null): void {
    if (node.type !== 'array') {
      this.error(node, `"permissions" must be an array of {"action", "resource", "effect"}, found ${typeName(node)}`);
      return;
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
      this.add({
        action: fields.action!.value,
        resource: fields.resource!.value,
        effect,
        form: 'v2',
        agent,
        node: item,
        actionNode: fields.action!,
        resourceNode: fields.resource!,
        effectNode: fields.effect!,
      });
    }
  }

  /** Top-level or per-agent section: V1 and V2 keys, in the order they appear. */
  section(obj: Node, agent: string | null): void {
    for (const p of properties(obj)) {
      if (!p.value) continue;
      // JSON.parse keeps the last duplicate: only that one is read.
      if (prop(obj, p.key) !== p.value) continue;
      if (p.key === 'permission') this.v1(p.value, agent);
      else if (p.key === 'permissions') this.v2(p.value, agent);
    }
  }

  agents(container: Node | undefined, key: string): string[] {
    if (!container) return [];
    if (container.type !== 'object') {
      this.error(container, `"${key}" must be an object of agent name → settings, found ${typeName(container)}`);
      return [];
    }
    const names: string[] = [];
    for (const e of jsOrderedEntries(container)) {
      if (!e.value) continue;
      if (e.value.type !== 'object') {
        this.error(e.value, `agent "${e.key}" must be an object, found ${typeName(e.value)}`);
        continue;
      }
      const before = this.rules.length;
      this.section(e.value, e.key);
      if (this.rules.length > before || prop(e.value, 'permission') || prop(e.value, 'permissions')) names.push(e.key);
    }
    return names;
  }
}

/**
 * Parses an OpenCode config into its flattened rule list: top-level rules first, then each agent's
 * (an agent's request sees the top-level rules followed by its own, so its own win under last match).
 * @example parseOpencode({ path: 'opencode.json', text: '{"permission": {"edit": "deny"}}' }).rules[0].label // 'edit * deny'
 */
export function parseOpencode(file: FileInfo, ctx: EvalContext = {}): OpencodeRuleSet {
  const doc = parseJson(file.text);
  const pool = patternPool(file.path);
  const b = new Builder(doc.source, ctx.home ?? os.homedir(), pool);
  b.findings.push(...doc.findings);
  const root = doc.root;
  const agents: string[] = [];
  if (root && root.type !== 'object') {
    b.error(root, `an OpenCode config must be a JSON object, found ${typeName(root)}`);
  } else if (root) {
    b.section(root, null);
    agents.push(...b.agents(prop(root, 'agent'), 'agent'));
    for (const a of b.agents(prop(root, 'agents'), 'agents')) if (!agents.includes(a)) agents.push(a);
    b.findings.push(...duplicateKeyFindings(doc.source, root));
  }
  pool.done();
  return { dialect: 'opencode', path: file.path, source: doc.source, rules: b.rules, findings: b.findings, agents };
}
