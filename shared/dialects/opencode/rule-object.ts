import type { Node } from 'jsonc-parser';
import { FILE_START, type Decision, type Range, type SourceText } from '../../model';
import { rangeOf } from '../../json/tree';
import type { Wildcard } from '../../patterns/wildcard';
import type { OpencodeForm, OpencodeRule } from './rules';

/** Where a rule of the checked file is written: the nodes its ranges come from. */
export interface RuleNodes {
  prop: Node;
  actionNode: Node;
  resourceNode: Node;
  effectNode: Node;
}

/** Something found only when first asked for (the fast path builds no syntax tree up front). */
export interface Deferred<T> {
  resolve(): T;
}

/** Deferred rule nodes that know where the rule's text starts without resolving (a lens needs no more). */
export interface Placed {
  start(): number;
}

/** A value, or how to get it later. */
export type Lazy<T> = T | Deferred<T>;

/** @example resolveLazy({ resolve: () => 1 }) // 1 */
export function resolveLazy<T extends object>(x: Lazy<T>): T {
  return typeof (x as Partial<Deferred<T>>).resolve === 'function' ? (x as Deferred<T>).resolve() : (x as T);
}

/** What a rule is made of: its draft's words, where it is written. */
export interface RuleSource {
  action: string;
  resource: string;
  effect: Decision;
  form: OpencodeForm;
  agent: string | null;
  layer?: string;
  tool?: string;
  nodes?: Lazy<RuleNodes>;
  /** Where a rule of another layer's file is written (that file, 0-based line). */
  at?: { path: string; line: number };
}

/**
 * An OpenCode rule whose four ranges are computed together on first use: a large file's parse then
 * costs no line lookups (nor, on the fast path, a syntax tree) for rules no finding, hover or lens
 * ever points at. A class, not an object literal with getters: V8 builds those one by one, slowly.
 * `toJSON` keeps the ranges in serialized rules.
 * @example new ParsedRule(0, 'edit * deny', draft, act, res, source).range // FILE_START for a rule of another layer
 */
export class ParsedRule implements OpencodeRule {
  index: number;
  decision: Decision;
  action: string;
  resource: string;
  actionPattern: Wildcard;
  resourcePattern: Wildcard;
  form: OpencodeForm;
  agent: string | null;
  // Always set, if only to undefined: rules of the built-in layers and the user's then share one
  // object shape, and code reading thousands of both stays monomorphic.
  layer: string | undefined;
  tool: string | undefined;
  /** The file of another layer the rule is written in (see `Rule.file`); undefined otherwise. */
  file: string | undefined;
  #atLine: number | undefined;
  #nodes: Lazy<RuleNodes> | undefined;
  #source: SourceText;
  #ranges: Array<Range | undefined> | undefined;
  #label: string | undefined;
  #tail: string;

  /** Arguments, not an object of parts: a large file builds thousands of rules per keystroke. */
  constructor(index: number, tail: string, p: RuleSource, act: Wildcard, res: Wildcard, source: SourceText) {
    this.index = index;
    this.decision = p.effect;
    this.#tail = tail;
    this.action = p.action;
    this.resource = p.resource;
    this.actionPattern = act;
    this.resourcePattern = res;
    this.form = p.form;
    this.agent = p.agent;
    this.#nodes = p.nodes;
    this.#source = source;
    this.layer = p.layer || undefined;
    this.tool = p.tool;
    this.file = p.at?.path;
    this.#atLine = p.at?.line;
  }

  // Derived, not stored: a large file keeps thousands of rules, and every field is kept per rule.
  get id(): null {
    return null;
  }
  /** OpenCode's own word for the decision is the decision. */
  get native(): string {
    return this.decision;
  }
  /** The layer a rule comes from, else the agent whose section holds it. */
  get scope(): string | undefined {
    return this.layer ?? (this.agent ? `agent ${this.agent}` : undefined);
  }

  /**
   * Range `k` (0 the rule, 1 its action, 2 its resource, 3 its effect), each computed when first
   * read: a lens reads only the first of thousands of rules, a finding the one it points at.
   */
  private rangeAt(k: 0 | 1 | 2 | 3): Range {
    const known = this.#ranges?.[k];
    if (known) return known;
    const n = this.resolvedNodes();
    if (!n) return FILE_START;
    const ranges = (this.#ranges ??= [undefined, undefined, undefined, undefined]);
    const r = rangeOf(this.#source, k === 0 ? n.prop : k === 1 ? n.actionNode : k === 2 ? n.resourceNode : n.effectNode);
    ranges[k] = r;
    // The nodes may hold the whole tree: once every range is known, let it go.
    if (ranges.every((x) => x !== undefined)) this.#nodes = undefined;
    return r;
  }

  /** `edit docs/* allow`, then what the rule comes from: built when first read (most never are). */
  get label(): string {
    return (this.#label ??= `${this.action} ${this.resource} ${this.decision}${this.#tail}`);
  }

  get range(): Range {
    return this.rangeAt(0);
  }

  /** `range.start.line`, without building the range. */
  get startLine(): number {
    if (this.#atLine !== undefined) return this.#atLine;
    const known = this.#ranges?.[0];
    if (known) return known.start.line;
    const start = (this.#nodes as Partial<Placed> | undefined)?.start;
    if (typeof start === 'function') return this.#source.lineAt(start.call(this.#nodes));
    const n = this.resolvedNodes();
    return n ? this.#source.lineAt(n.prop.offset) : FILE_START.start.line;
  }

  /** The rule's nodes, found when first asked for and kept until every range is known; none for a rule with no place. */
  private resolvedNodes(): RuleNodes | undefined {
    if (!this.#nodes) return undefined;
    const n = resolveLazy(this.#nodes);
    this.#nodes = n;
    return n;
  }
  get actionRange(): Range {
    return this.rangeAt(1);
  }
  get resourceRange(): Range {
    return this.rangeAt(2);
  }
  get effectRange(): Range {
    return this.rangeAt(3);
  }

  /** The rule's fields and ranges; its patterns as written (source and alternatives), without what checks keep on them. */
  toJSON(): OpencodeRule {
    const { actionPattern: a, resourcePattern: r } = this;
    return {
      ...this,
      id: this.id,
      native: this.native,
      scope: this.scope,
      actionPattern: { source: a.source, alts: a.alts },
      resourcePattern: { source: r.source, alts: r.alts },
      label: this.label,
      range: this.range,
      actionRange: this.actionRange,
      resourceRange: this.resourceRange,
      effectRange: this.effectRange,
    };
  }
}
