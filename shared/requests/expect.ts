import type { AnyDialect } from '../dialects/dialect';
import { HOOK_DEPENDENT, hookSentence, ruleNumber, type Verdict } from '../model';
import type { Expectation } from './model';

/**
 * The decision an expectation's word stands for: native words are mapped, normalized ones kept.
 * A native word also pins the native value (`prompt` is stricter than just `ask`).
 */
function decisionMismatch(word: string, verdict: Verdict, dialect: AnyDialect): string | null {
  // A hook decides first: only `hook-dependent` meets the verdict; the decision without the hook
  // is pinned with `"without"`, each hook answer tested with `"hook"` in the request.
  if (verdict.hook) return word === HOOK_DEPENDENT ? null : `decision: expected ${word}, got ${HOOK_DEPENDENT} (${hookSentence(verdict.hook)}; pin the hook's answer with "hook")`;
  if (word === HOOK_DEPENDENT) return `decision: expected ${HOOK_DEPENDENT}, got ${verdict.decision} (no hook decides this call first)`;
  const native = dialect.nativeDecisions[word];
  if (word === verdict.native) return null;
  if (word === verdict.decision && ['allow', 'ask', 'deny'].includes(word)) return null;
  if (native !== undefined && word !== verdict.native && !['allow', 'ask', 'deny'].includes(word)) {
    return `decision: expected ${word}, got ${verdict.native}`;
  }
  return `decision: expected ${word}, got ${verdict.decision}${verdict.native !== verdict.decision ? ` (${verdict.native})` : ''}`;
}

function fieldValue(key: string, verdict: Verdict): unknown {
  if (key === 'code') return verdict.code;
  if (key === 'native') return verdict.native;
  return verdict.details[key];
}

function show(v: unknown): string {
  return v === undefined ? 'nothing' : JSON.stringify(v);
}

/**
 * Every way a verdict falls short of an expectation; empty when it meets it. Only pinned fields
 * are compared. `rule` matches the deciding rule's id, its label, or its 0-based index.
 * @example compareExpect({ decision: 'deny', fields: {}, range }, verdict, opencode) // []
 */
export function compareExpect(expect: Expectation, verdict: Verdict, dialect: AnyDialect): string[] {
  const out: string[] = [];
  if (expect.decision !== null) {
    const m = decisionMismatch(expect.decision, verdict, dialect);
    if (m) out.push(m);
  }
  for (const [key, want] of Object.entries(expect.fields)) {
    if (key === 'rule') {
      const r = verdict.rule;
      const ok =
        (want === null && r === null) ||
        (r !== null && (want === r.id || want === r.label || want === ruleNumber(r) - 1));
      if (!ok) out.push(`rule: expected ${show(want)}, got ${r ? (r.id ?? `rule ${ruleNumber(r)}: ${r.label}`) : 'no rule'}`);
      continue;
    }
    const got = fieldValue(key, verdict);
    if (JSON.stringify(got) !== JSON.stringify(want)) out.push(`${key}: expected ${show(want)}, got ${show(got)}`);
  }
  return out;
}
