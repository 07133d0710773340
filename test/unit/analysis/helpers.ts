import { parseOpencode } from '../../../shared/dialects/opencode/parse';
import type { OpencodeRuleSet } from '../../../shared/dialects/opencode/rules';
import { analyzeOpencode } from '../../../shared/dialects/opencode/analysis/lints';
import { Deadline } from '../../../shared/analysis/budget';
import type { Finding } from '../../../shared/model';

/** A generous clock for tests: a loaded machine must not turn a proof into a budget finding. */
export const TEST_MS = 60_000;

/** @example v2([['edit', 'secrets/*', 'deny']]) */
export function v2(rules: Array<[string, string, string]>): OpencodeRuleSet {
  const text = JSON.stringify({ permissions: rules.map(([action, resource, effect]) => ({ action, resource, effect })) }, null, 2);
  return parseOpencode({ path: 'opencode.json', text }, { home: '/home/u', builtins: false });
}

/** @example v1({ edit: { '*': 'ask' } }) */
export function v1(permission: unknown, extra: Record<string, unknown> = {}): OpencodeRuleSet {
  return parseOpencode({ path: 'opencode.json', text: JSON.stringify({ permission, ...extra }, null, 2) }, { home: '/home/u', builtins: false });
}

export function analyse(rs: OpencodeRuleSet, requests?: Array<{ name: string; request: unknown }>): Finding[] {
  return analyzeOpencode(rs, { requests }, new Deadline(TEST_MS));
}

export function codes(fs: Finding[]): string[] {
  return fs.map((f) => f.code);
}

export function byCode(fs: Finding[], code: string): Finding[] {
  return fs.filter((f) => f.code === code);
}
