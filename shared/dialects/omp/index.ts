import type { Dialect } from '../dialect';
import { ompNeutralRequest } from './neutral-request';
import { ompNeutralWitnesses } from './neutral-witnesses';
import { ompRuleEdit } from './rule-edit';
import type { Verdict } from '../../model';
import { detectOmp } from './detect';
import { evaluateOmp } from './evaluate';
import { lintOmp } from './lint';
import { commentBlindSpotFindings } from './comment-blind-spot';
import { parseOmp } from './parse';
import { describeOmpRequest, OMP_REQUEST_FIELDS, readOmpRequest } from './request';
import type { OmpRequest, OmpRuleSet } from './rules';
import { ompHistoryFields, ompStoredCall } from './history';
import { OMP_VOCABULARY } from './vocabulary';
import { ompWitnesses } from './witnesses';

/** oh-my-pi: ordered first-applicable bash approval patterns, critical heuristics, approval modes. */
export const omp: Dialect<OmpRuleSet, OmpRequest> = {
  id: 'omp',
  title: 'oh-my-pi',
  nativeDecisions: { allow: 'allow', prompt: 'ask', deny: 'deny' },
  requestFields: OMP_REQUEST_FIELDS,
  detect: detectOmp,
  parse: parseOmp,
  readRequest: readOmpRequest,
  evaluate: evaluateOmp,
  lint: (rs, ctx) => [...lintOmp(rs, ctx), ...commentBlindSpotFindings(rs)],
  describeRequest: describeOmpRequest,
  // The agent's settings are YAML; a JSON form gets no comments (suppressions go in .rulelens.json).
  comments: (p) => (/\.ya?ml$/i.test(p) ? '#' : undefined),
  history: { requestFields: ompHistoryFields, storedCall: ompStoredCall },
  vocabulary: OMP_VOCABULARY,
  witnesses: ompWitnesses,
  neutralRequest: ompNeutralRequest,
  neutralWitnesses: ompNeutralWitnesses,
  ruleEdit: ompRuleEdit,
  precedence: 'earlier',
};

/**
 * The verdict for the request a classification-form file carries (`{"command", "patterns",
 * "mode"}`), or null for ordinary settings files.
 * @example embeddedVerdict(parseOmp({ path: 'case.json', text }))?.native // 'allow'
 */
export function embeddedVerdict(rs: OmpRuleSet): Verdict | null {
  return rs.embedded ? evaluateOmp(rs, rs.embedded.request) : null;
}

export type { OmpApproval, OmpMode, OmpRequest, OmpRule, OmpRuleSet, OmpTier, DroppedEntry } from './rules';
export { parseOmp } from './parse';
export { evaluateOmp } from './evaluate';
export { lintOmp } from './lint';
export { ompPattern, compileOmp, normalizeWhitespace } from './pattern';
export { scanSegments } from './segments';
export { shellControl } from './shell-control';
export { criticalHit, CRITICAL_CLASSES } from './critical';
export { selectRule, bashDecision } from './decide';
export { resolveApproval } from './resolve';
