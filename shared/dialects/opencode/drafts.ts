/**
 * OpenCode's rules before and after they get their places: the drafts one config layer yields, the
 * pattern pools parses share, and the rule objects built from drafts. Parsing (`parse.ts`), the
 * fast reader (`fast-read.ts`) and the built-in layers (`effective.ts`) all build on these.
 */
import type { Decision, Finding, SourceText } from '../../model';
import type { Wildcard } from '../../patterns/wildcard';
import { opencodePattern } from './pattern';
import { mergePerm, type PermLeaf, type PermTree } from './layers';
import type { OpencodeForm, OpencodeRule, OpencodeRuleSet } from './rules';
import { ParsedRule, type Lazy, type RuleNodes } from './rule-object';

/** V1 keys whose value must be a single decision string (a pattern map there is rejected). */
export const STRING_ONLY_KEYS: readonly string[] = ['webfetch', 'websearch', 'todowrite', 'question', 'doom_loop'];
/** V2 actions whose resources get home expansion. */
export const V2_HOME_ACTIONS: readonly string[] = ['read', 'edit', 'external_directory'];


/**
 * Patterns of the last parse of each recently parsed file, reused by its next parse: an edit
 * re-parses the whole file, but all rules but one are unchanged. Only a few files are remembered,
 * so a run over a thousand files keeps no more than those. Patterns are never mutated once built.
 */
const PATTERN_POOL_FILES = 4;
const poolByFile = new Map<string, Map<string, Wildcard>>();

/** Where a parse gets its compiled patterns from. */
export interface PatternSource {
  get(text: string, source: string): Wildcard;
}

/** A pool's key for a pattern: its text, and the source it was written as when the two differ (home expanded). */
const poolKey = (text: string, source: string) => (text === source ? text : `${text}\u0000${source}`);

/**
 * The pattern source for one parse of `file`: last parse's patterns first, then new ones; `done()`
 * keeps this parse's patterns for the next.
 * @example const pool = patternPool('opencode.json'); pool.get('edit', 'edit'); pool.done()
 */
export function patternPool(file: string): PatternSource & { done(): void } {
  const previous = poolByFile.get(file);
  const next = new Map<string, Wildcard>();
  return {
    get(text, source) {
      const key = poolKey(text, source);
      let hit = next.get(key) ?? previous?.get(key);
      if (!hit) hit = freshPattern(text, source);
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
 * The pattern source that reads `file`'s last parse's patterns and leaves its pool as it is: a rule
 * read apart from a whole parse (see `reparse.ts`) must not make the next parse miss the others.
 */
export function pooledPatterns(file: string): PatternSource {
  const pool = poolByFile.get(file);
  return { get: (text, source) => pool?.get(poolKey(text, source)) ?? freshPattern(text, source) };
}

/** A pattern of `text`, shown as `source`; compiled for matching when first matched (`matcherOf`). */
function freshPattern(text: string, source: string): Wildcard {
  const pattern = opencodePattern(text);
  pattern.source = source;
  return pattern;
}

/** Compiles every pattern anew. */
const FRESH: PatternSource = { get: freshPattern };

/** Built-in patterns kept across parses (they change only with the home and worktree folders). */
const BUILTIN_POOL_LIMIT = 1024;
const builtinPool = new Map<string, Wildcard>();

/** The pattern source of the built-in layers: every parse names the same few dozen patterns. */
export const BUILTIN_PATTERNS: PatternSource = {
  get(text, source) {
    const key = poolKey(text, source);
    let hit = builtinPool.get(key);
    if (!hit) {
      if (builtinPool.size >= BUILTIN_POOL_LIMIT) builtinPool.clear();
      hit = freshPattern(text, source);
      builtinPool.set(key, hit);
    }
    return hit;
  },
};

/**
 * `~`, `~/x` and `$HOME…` at the start of a pattern become the home directory, as the agent does
 * (OpenCode replaces a leading `$HOME` even when no `/` follows it).
 * @example expandHome('~/notes', '/home/u') // '/home/u/notes'
 */
export function expandHome(pattern: string, home: string): string {
  if (pattern.startsWith('~/')) return home + pattern.slice(1);
  if (pattern === '~') return home;
  if (pattern.startsWith('$HOME')) return home + pattern.slice(5);
  return pattern;
}

/** One rule before it gets its place in the effective list. */
export interface RuleDraft {
  action: string;
  resource: string;
  effect: Decision;
  form: OpencodeForm;
  agent: string | null;
  /** Nodes in the checked file; absent for rules of another layer. */
  nodes?: Lazy<RuleNodes>;
  layer?: string;
  /** Where a rule of another layer's file is written. */
  at?: { path: string; line: number };
  /** A legacy `tools` entry this rule was converted from. */
  tool?: string;
}

/** What one config file contributes, before the layers merge. */
export interface FileLayer {
  permission: PermTree | null;
  tools: Map<string, PermLeaf> | null;
  v2: RuleDraft[];
  agents: Map<string, AgentLayer>;
  /** `default_agent`, when set. */
  defaultAgent?: string;
}

export interface AgentLayer {
  /** `permission` with the agent's own legacy `tools` folded in (done per file, as the schema does). */
  permission: PermTree | null;
  v2: RuleDraft[];
  disabled?: boolean;
  /** The agent comes from the legacy `mode` section. */
  fromMode: boolean;
}

/** One agent's settings from two places (`agent` and `mode`, or two layers): the later wins key by key. */
export function mergeAgent(a: AgentLayer, b: AgentLayer): AgentLayer {
  const permission = a.permission && b.permission ? mergePerm(a.permission, b.permission) : b.permission ?? a.permission;
  return { permission, v2: [...a.v2, ...b.v2], disabled: b.disabled ?? a.disabled, fromMode: a.fromMode && b.fromMode };
}

/** The user's layers, merged: top-level rules and each configured agent's own. */
export interface UserRules {
  top: RuleDraft[];
  agents: Array<{ name: string; rules: RuleDraft[]; disabled: boolean }>;
  /** Whether the file speaks V2 (`permissions` arrays) and no V1 `permission`. */
  form: OpencodeForm;
  defaultAgent?: string;
}

/**
 * Builds the rule objects of a list, numbering them in order from `first`.
 * @example materialize(drafts, source, '/home/u')[0].index // 0
 */
export function materialize(drafts: RuleDraft[], source: SourceText, home: string, patterns: PatternSource = FRESH, first = 0): OpencodeRule[] {
  return drafts.map((p, i) => makeRule(p, first + i, source, home, patterns));
}

function makeRule(p: RuleDraft, index: number, source: SourceText, home: string, patterns: PatternSource): OpencodeRule {
  const expandsHome = p.form === 'v1' || V2_HOME_ACTIONS.includes(p.action);
  const resource = expandsHome ? expandHome(p.resource, home) : p.resource;
  const act = patterns.get(p.action, p.action);
  const res = patterns.get(resource, p.resource);
  const via = p.tool !== undefined ? ` (tools.${p.tool}: ${p.effect === 'allow'})` : '';
  return new ParsedRule(index, p.layer ? `${via} — ${p.layer}` : via, p, act, res, source);
}

/**
 * A rule set object, every field set (if only to undefined) in one order: with and without the
 * built-in layers, every rule set has one object shape, and the code reading them one path.
 * @example opencodeRuleSet('opencode.json', source, rules, [], [], null, undefined, undefined).dialect // 'opencode'
 */
export function opencodeRuleSet(path: string, source: SourceText, rules: OpencodeRule[], findings: Finding[], agents: string[], builtins: OpencodeRuleSet['builtins'], order: number[] | undefined, withoutBuiltins: OpencodeRuleSet | undefined): OpencodeRuleSet {
  return { dialect: 'opencode', path, source, rules, findings, agents, builtins, order, withoutBuiltins, layerName: undefined, members: undefined, memberFindings: undefined };
}
