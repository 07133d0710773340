import * as path from 'path';
import type { Dialect } from '../dialect';
import { ledgerFlips } from './ledger/flips';
import { parseLedger } from './ledger/parse';
import { LEDGER_FILE, type LedgerLine } from './ledger/types';
import { BOUNDS_RULES_VOCABULARY } from './vocabulary';
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
  vocabulary: BOUNDS_RULES_VOCABULARY,
  // History rules decide steps, and the ledger holds the real ones: a comparison re-judges them.
  recordedSteps: {
    name: 'ledger',
    fileBeside: (rulePath) => path.join(path.dirname(rulePath), LEDGER_FILE),
    read: (text) => {
      const ledger = parseLedger(text);
      return { steps: ledger.entries, findings: ledger.findings };
    },
    flips: (steps: readonly LedgerLine[], base, current) => ledgerFlips(steps, base.rules, current.rules),
  },
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
export * from './ledger';
export { judgeBoundsStep, scopeArgs, type ScopedStep } from './ledger/combined';
export { ledgerFlips } from './ledger/flips';
