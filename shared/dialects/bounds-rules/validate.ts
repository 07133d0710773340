import type { Node } from 'jsonc-parser';
import { finding, type Finding, type SourceText } from '../../model';
import { duplicateKeyFindings, parseJson, properties, prop, rangeOf, typeName } from '../../json/tree';
import type { FileInfo } from '../dialect';
import { rulesDigest } from './digest';
import { ruleLabel } from './label';
import { CAPABILITIES, isCapability, isTrust, TRUSTS, type BoundsRule, type BoundsRuleSet, type Capability, type IfPath } from './types';

/** The only schema version there is. */
export const RULES_VERSION = 1;
export const TOP_KEYS: readonly string[] = ['version', 'rules', '$schema'];
export const RULE_KEYS: readonly string[] = ['id', 'deny', 'if_path', 'max_steps', 'max_repeats'];
export const DENY_FORMS: readonly string[] = ['capabilities', 'capability', 'all'];
export const IF_PATH_KEYS: readonly string[] = ['trust', 'capability', 'subject', 'same_arguments', 'within_minutes'];
/** Smallest legal value of each numeric field. */
export const MIN_CEILING = 1;
export const MIN_WINDOW_MINUTES = 0;

const capList = CAPABILITIES.map((c) => `"${c}"`).join(', ');
const trustList = TRUSTS.map((t) => `"${t}"`).join(', ');

class Validator {
  readonly findings: Finding[] = [];
  constructor(readonly src: SourceText) {}

  error(node: Node, message: string): void {
    this.findings.push(finding('schema', 'error', message, rangeOf(this.src, node)));
  }

  unknownKeys(obj: Node, allowed: readonly string[], where: string): void {
    for (const p of properties(obj)) {
      if (!allowed.includes(p.key)) {
        this.findings.push(finding('schema', 'warning', `unknown key "${p.key}" in ${where} (known: ${allowed.filter((k) => k !== '$schema').join(', ')}); it is ignored`, rangeOf(this.src, p.keyNode)));
      }
    }
  }

  /** A whole number ≥ min, or undefined after reporting why not. */
  wholeNumber(node: Node, name: string, min: number): number | undefined {
    if (node.type !== 'number') {
      this.error(node, `"${name}" must be a whole number ≥ ${min}, found ${typeName(node)}`);
      return undefined;
    }
    const v = node.value as number;
    if (!Number.isSafeInteger(v)) {
      this.error(node, `"${name}" must be a whole number ≥ ${min}, found ${v} (not a whole number)`);
      return undefined;
    }
    if (v < min) {
      this.error(node, `"${name}" must be a whole number ≥ ${min}, found ${v} (out of range)`);
      return undefined;
    }
    return v;
  }

  capability(node: Node, where: string): Capability | undefined {
    if (node.type !== 'string') {
      this.error(node, `${where} must be one of ${capList}, found ${typeName(node)}`);
      return undefined;
    }
    if (!isCapability(node.value)) {
      this.error(node, `unknown capability "${node.value}" in ${where} (expected one of ${capList})`);
      return undefined;
    }
    return node.value;
  }

  deny(node: Node): Capability[] | undefined {
    if (node.type !== 'object') {
      this.error(node, `"deny" must be an object: {"capabilities": [...]}, {"capability": "..."} or {"all": true}; found ${typeName(node)}`);
      return undefined;
    }
    this.unknownKeys(node, DENY_FORMS, '"deny"');
    const forms = properties(node).filter((p) => DENY_FORMS.includes(p.key));
    if (forms.length === 0) {
      this.error(node, 'a rule that denies nothing is rejected: "deny" needs one of {"capabilities": [...]}, {"capability": "..."}, {"all": true}');
      return undefined;
    }
    if (forms.length > 1) {
      for (const extra of forms.slice(1)) this.error(extra.keyNode, `"deny" takes exactly one of "capabilities", "capability", "all"; "${forms[0].key}" is already given`);
      return undefined;
    }
    const { key, value } = forms[0];
    if (!value) return undefined;
    if (key === 'all') {
      if (value.type !== 'boolean') {
        this.error(value, `"all" must be true, found ${typeName(value)}`);
        return undefined;
      }
      if (value.value !== true) {
        this.error(value, 'a rule that denies nothing is rejected: "all": false denies no capability');
        return undefined;
      }
      return [...CAPABILITIES];
    }
    if (key === 'capability') {
      const c = this.capability(value, '"capability"');
      return c ? [c] : undefined;
    }
    if (value.type !== 'array') {
      this.error(value, `"capabilities" must be an array of ${capList}, found ${typeName(value)}`);
      return undefined;
    }
    const items = value.children ?? [];
    if (items.length === 0) {
      this.error(value, 'a rule that denies nothing is rejected: "capabilities" is empty');
      return undefined;
    }
    const out: Capability[] = [];
    let ok = true;
    for (const item of items) {
      const c = this.capability(item, 'an entry of "capabilities"');
      if (!c) ok = false;
      else if (!out.includes(c)) out.push(c);
    }
    return ok ? out : undefined;
  }

  ifPath(node: Node): IfPath | undefined {
    if (node.type !== 'object') {
      this.error(node, `"if_path" must be an object {"trust", "capability", "subject", "same_arguments", "within_minutes"}, found ${typeName(node)}`);
      return undefined;
    }
    this.unknownKeys(node, IF_PATH_KEYS, '"if_path"');
    let ok = true;
    const out: IfPath = { sameArguments: false };
    const trust = prop(node, 'trust');
    if (trust) {
      if (trust.type !== 'string') ok = this.fail(trust, `"trust" must be one of ${trustList}, found ${typeName(trust)}`);
      else if (!isTrust(trust.value)) ok = this.fail(trust, `unknown trust "${trust.value}" (expected one of ${trustList})`);
      else out.trust = trust.value;
    }
    const cap = prop(node, 'capability');
    if (cap) {
      const c = this.capability(cap, '"if_path.capability"');
      if (c) out.capability = c;
      else ok = false;
    }
    const subject = prop(node, 'subject');
    if (subject) {
      if (subject.type !== 'string' || subject.value === '') ok = this.fail(subject, `"subject" must be a non-empty string (an exact subject), found ${subject.type === 'string' ? 'an empty string' : typeName(subject)}`);
      else out.subject = subject.value;
    }
    const same = prop(node, 'same_arguments');
    if (same) {
      if (same.type !== 'boolean') ok = this.fail(same, `"same_arguments" must be true or false, found ${typeName(same)}`);
      else out.sameArguments = same.value === true;
    }
    const within = prop(node, 'within_minutes');
    if (within) {
      const w = this.wholeNumber(within, 'within_minutes', MIN_WINDOW_MINUTES);
      if (w === undefined) ok = false;
      else out.withinMinutes = w;
    }
    return ok ? out : undefined;
  }

  private fail(node: Node, message: string): false {
    this.error(node, message);
    return false;
  }

  rule(node: Node, index: number, rules: BoundsRule[]): void {
    if (node.type !== 'object') {
      this.error(node, `a rule must be an object {"id", "deny", "if_path" | "max_steps" | "max_repeats"}, found ${typeName(node)}`);
      return;
    }
    this.unknownKeys(node, RULE_KEYS, 'a rule');
    let ok = true;
    const idNode = prop(node, 'id');
    if (!idNode) ok = this.fail(node, 'missing "id" (a non-empty string named in refusals)');
    else if (idNode.type !== 'string' || idNode.value === '') ok = this.fail(idNode, `"id" must be a non-empty string, found ${idNode.type === 'string' ? 'an empty string' : typeName(idNode)}`);
    const denyNode = prop(node, 'deny');
    let denies: Capability[] | undefined;
    if (!denyNode) ok = this.fail(node, 'missing "deny": {"capabilities": [...]}, {"capability": "..."} or {"all": true}');
    else denies = this.deny(denyNode);
    const ifPathNode = prop(node, 'if_path');
    const stepsNode = prop(node, 'max_steps');
    const repeatsNode = prop(node, 'max_repeats');
    const ifPath = ifPathNode ? this.ifPath(ifPathNode) : undefined;
    const maxSteps = stepsNode ? this.wholeNumber(stepsNode, 'max_steps', MIN_CEILING) : undefined;
    const maxRepeats = repeatsNode ? this.wholeNumber(repeatsNode, 'max_repeats', MIN_CEILING) : undefined;
    if (!ifPathNode && !stepsNode && !repeatsNode) {
      ok = this.fail(node, 'a rule with no condition is rejected: "if_path" is required unless the rule has "max_steps" or "max_repeats"');
    }
    if ((ifPathNode && !ifPath) || (stepsNode && maxSteps === undefined) || (repeatsNode && maxRepeats === undefined) || !denies) ok = false;
    if (!ok || !idNode || !denyNode || !denies) return;
    const rule: BoundsRule = {
      index,
      id: idNode.value as string,
      decision: 'deny',
      native: 'DENY',
      label: '',
      range: rangeOf(this.src, node),
      denies,
      ifPath,
      maxSteps,
      maxRepeats,
      idRange: rangeOf(this.src, idNode),
      denyRange: rangeOf(this.src, denyNode),
      ifPathRange: ifPathNode ? rangeOf(this.src, ifPathNode) : undefined,
      ifPathEdit: ifPathNode ? editPoints(ifPathNode) : undefined,
    };
    rule.label = ruleLabel(rule);
    rules.push(rule);
  }
}

function editPoints(obj: Node): { open: number; close: number; lastPropertyEnd: number | null } {
  const props = obj.children ?? [];
  const last = props[props.length - 1];
  return { open: obj.offset, close: obj.offset + obj.length - 1, lastPropertyEnd: last ? last.offset + last.length : null };
}

/**
 * Parses and strictly validates a rules file. Invalid rules are reported as `schema` errors with
 * their exact ranges and left out; `index` stays the rule's position in the file so ranges, ids and
 * "rule N" agree.
 * @example parseBoundsRules({ path: '.attesso/rules.json', text }).rules[0].id // 'no-send-after-untrusted-read'
 */
export function parseBoundsRules(file: FileInfo): BoundsRuleSet {
  const doc = parseJson(file.text);
  const v = new Validator(doc.source);
  v.findings.push(...doc.findings);
  const rules: BoundsRule[] = [];
  const out: BoundsRuleSet = { dialect: 'bounds-rules', path: file.path, source: doc.source, rules, findings: v.findings, digest: rulesDigest(file.text) };
  const root = doc.root;
  if (!root) {
    if (!doc.findings.length) v.findings.push(finding('schema', 'error', 'empty file: expected {"version": 1, "rules": [...]}', doc.source.range(0, 0)));
    return out;
  }
  v.findings.push(...duplicateKeyFindings(doc.source, root));
  if (root.type !== 'object') {
    v.error(root, `a rules file must be an object {"version": 1, "rules": [...]}, found ${typeName(root)}`);
    return out;
  }
  v.unknownKeys(root, TOP_KEYS, 'the rules file');
  const version = prop(root, 'version');
  if (!version) v.error(root, `missing "version" (exactly ${RULES_VERSION})`);
  else if (version.value !== RULES_VERSION || version.type !== 'number') v.error(version, `"version" must be exactly ${RULES_VERSION}, found ${version.type === 'number' ? version.value : typeName(version)}`);
  const list = prop(root, 'rules');
  if (!list) v.error(root, 'missing "rules" (an array of rules)');
  else if (list.type !== 'array') v.error(list, `"rules" must be an array, found ${typeName(list)}`);
  else (list.children ?? []).forEach((r, i) => v.rule(r, i, rules));
  return out;
}
