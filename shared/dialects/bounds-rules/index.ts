import type { Dialect } from '../dialect';
import { detectBoundsRules } from './detect';
import { evaluateBoundsRules } from './evaluate';
import { lintBoundsRules } from './lint';
import { BOUNDS_RULES_REQUEST_FIELDS, describeBoundsRulesRequest, readBoundsRulesRequest } from './request';
import type { BoundsRulesRequest, BoundsRuleSet } from './types';
import { parseBoundsRules } from './validate';

/** Bounds path rules (`.attesso/rules.json`): history-aware denies, first match in file order. */
export const boundsRules: Dialect<BoundsRuleSet, BoundsRulesRequest> = {
  id: 'bounds-rules',
  title: 'Bounds path rules',
  nativeDecisions: { ALLOW: 'allow', DENY: 'deny' },
  requestFields: BOUNDS_RULES_REQUEST_FIELDS,
  detect: detectBoundsRules,
  parse: (file) => parseBoundsRules(file),
  readRequest: readBoundsRulesRequest,
  evaluate: (rs, req) => evaluateBoundsRules(rs, req),
  lint: (rs) => lintBoundsRules(rs),
  describeRequest: describeBoundsRulesRequest,
};

export * from './types';
export { parseBoundsRules } from './validate';
export { judgeStep, evaluateBoundsRules } from './evaluate';
export { canonicalJson, rulesDigest } from './digest';
export { decisionLine, formatDecision } from './refusal';
export { readStep } from './request';
export { lintBoundsRules, windowEdit } from './lint';
export { shadowedDenyFindings } from './shadow';
export { profileRules, profileText, isProfile, PROFILES, type ProfileName } from './profiles';
export { parseIsoTime } from './time';
