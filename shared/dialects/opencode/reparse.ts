import { matchesPattern } from '../../patterns/wildcard';
import { MAX_DOCUMENT_CHARS, MAX_NESTING_DEPTH } from '../../json/tree';
import { strictJsonValue } from '../../json/fast-value';
import { SourceText, type EvalContext } from '../../model';
import type { FileInfo, Reparse } from '../dialect';
import { topLevelV2Draft } from './fast-read';
import { fastParseOf, parseKey } from './parse';
import { materialize, opencodeRuleSet, pooledPatterns } from './drafts';
import { normalizeInput } from './pattern';
import type { OpencodeRequest, OpencodeRule, OpencodeRuleSet } from './rules';
import * as os from 'os';

/** Texts are compared this many characters at a time before the last block is walked. */
const COMPARE_BLOCK = 4096;

/**
 * `file`'s parse read off `near`'s, when the two texts differ only inside one object of the
 * top-level V2 `permissions` list (an effect flipped, a pattern retyped): that one rule is read
 * anew and every other rule is `near`'s own object. Undefined otherwise, and whenever `near` was
 * not read by the fast path with the same context: the caller then parses in full. Decisions are
 * the full parse's (test/unit/opencode/reparse.test.ts holds them to it).
 * @example reparseOpencode(parseOpencode(current), { path, text: baseText })?.ruleSet.rules[3].decision // 'deny'
 */
export function reparseOpencode(near: OpencodeRuleSet, file: FileInfo, ctx: EvalContext = {}): Reparse<OpencodeRuleSet> | undefined {
  const facts = fastParseOf(near);
  if (!facts || ctx.globalConfig || near.findings.length > 0) return undefined;
  // The key holds the path too: another file is never read off this one.
  const home = ctx.home ?? os.homedir();
  if (facts.key !== parseKey(file.path, ctx, home)) return undefined;
  const was = facts.text;
  const text = file.text;
  if (text === was || text.length > MAX_DOCUMENT_CHARS || text.charCodeAt(0) === 0xfeff) return undefined;
  const [head, tail] = sharedEnds(was, text);
  const bounds = facts.bounds();
  if (bounds.length !== 2 * facts.top) return undefined;
  // The one element holding every changed character of the near text.
  const k = lastStartAtOrBefore(bounds, head);
  if (k < 0 || bounds[2 * k + 1] < was.length - tail) return undefined;
  const start = bounds[2 * k];
  const end = bounds[2 * k + 1];
  const old = near.rules[k];
  if (!old || !sameDraft(old, elementValue(was.slice(start, end)))) return undefined;
  // The text around the element is the near text's, which the fast reader took: the whole text is
  // that one exactly when the new element reads alone as one rule object.
  const value = elementValue(text.slice(start, end + text.length - was.length));
  const draft = value === undefined ? undefined : topLevelV2Draft(text, value, k);
  if (!draft) return undefined;
  const source = new SourceText(text);
  const [rule] = materialize([draft], source, home, pooledPatterns(file.path), k);
  const swapped = (rules: OpencodeRule[]) => {
    const out = rules.slice();
    out[k] = rule;
    return out;
  };
  const nearBare = near.withoutBuiltins ?? near;
  const bare = opencodeRuleSet(near.path, source, swapped(nearBare.rules), [], nearBare.agents, null, undefined, undefined);
  const ruleSet = near.withoutBuiltins ? opencodeRuleSet(near.path, source, swapped(near.rules), [], near.agents, near.builtins, near.order, bare) : bare;
  return { ruleSet, decidesAlike: (q) => !meets(old, q) && !meets(rule, q) };
}

/** How many characters two texts share at their start, and then at their end (the two never overlap). */
function sharedEnds(a: string, b: string): [number, number] {
  const n = Math.min(a.length, b.length);
  let head = 0;
  while (head + COMPARE_BLOCK <= n && a.slice(head, head + COMPARE_BLOCK) === b.slice(head, head + COMPARE_BLOCK)) head += COMPARE_BLOCK;
  while (head < n && a.charCodeAt(head) === b.charCodeAt(head)) head++;
  let tail = 0;
  const room = n - head;
  while (tail + COMPARE_BLOCK <= room && a.slice(a.length - tail - COMPARE_BLOCK, a.length - tail) === b.slice(b.length - tail - COMPARE_BLOCK, b.length - tail)) tail += COMPARE_BLOCK;
  while (tail < room && a.charCodeAt(a.length - 1 - tail) === b.charCodeAt(b.length - 1 - tail)) tail++;
  return [head, tail];
}

/** The element whose start is the last at or before `at` (bounds as `elementBounds` lists them), or -1. */
function lastStartAtOrBefore(bounds: readonly number[], at: number): number {
  let lo = 0;
  let hi = bounds.length / 2 - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (bounds[2 * mid] <= at) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** One element's value as the fast reader takes it (strict JSON, no repeated key), or undefined. */
function elementValue(slice: string): unknown {
  // The element sits two levels down: in the root object, in its list.
  return strictJsonValue(slice, MAX_NESTING_DEPTH - 2)?.value;
}

/** Whether a rule of the near parse is the top-level V2 rule this value reads as. */
function sameDraft(rule: OpencodeRule, value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return rule.form === 'v2' && rule.agent === null && rule.layer === undefined && rule.action === v.action && rule.resource === v.resource && rule.decision === v.effect;
}

/** Whether the rule can match any resource of the request (true when the request is not one OpenCode reads). */
function meets(rule: OpencodeRule, q: unknown): boolean {
  const r = q as Partial<OpencodeRequest> | null;
  if (!r || typeof r.action !== 'string' || !Array.isArray(r.resources)) return true;
  if (!matchesPattern(rule.actionPattern, normalizeInput(r.action))) return false;
  for (const x of r.resources) {
    if (typeof x !== 'string' || matchesPattern(rule.resourcePattern, normalizeInput(x))) return true;
  }
  return false;
}
