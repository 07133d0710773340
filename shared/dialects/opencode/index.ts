import type { Dialect } from '../dialect';
import { opencodeNeutralRequest } from './neutral-request';
import { opencodeRuleEdit } from './rule-edit';
import { opencodeNeutralWitnesses } from './neutral-witnesses';
import { detectOpencode } from './detect';
import { evaluateOpencode } from './evaluate';
import { lintOpencode, lintOpencodeSteps } from './lint';
import { parseOpencode } from './parse';
import { reparseOpencode } from './reparse';
import { opencodePolicy } from './policy';
import { describeOpencodeRequest, OPENCODE_REQUEST_FIELDS, readOpencodeRequest, readOpencodeRequestValue } from './request';
import type { OpencodeRequest, OpencodeRuleSet } from './rules';
import { opencodeHistoryFields, opencodeStoredCall } from './history/request';
import { isBroadBash, suggestOpencode } from './history/suggest';
import { compileOpencodeFast } from './fast';
import { analyzeOpencode, opencodeAnalysisSteps, opencodeWitness } from './analysis/lints';
import { findOpencodeWitnesses, opencodeWitnessSteps } from './analysis/witnesses';
import { opencodeToNeutral } from './translate';
import { unknownAgentFinding } from './request-checks';
import { OPENCODE_VOCABULARY } from './vocabulary';

/** OpenCode: ordered last-match rules (V1 `permission`, V2 `permissions`), default ask. */
export const opencode: Dialect<OpencodeRuleSet, OpencodeRequest> = {
  id: 'opencode',
  title: 'OpenCode',
  nativeDecisions: { allow: 'allow', ask: 'ask', deny: 'deny' },
  requestFields: OPENCODE_REQUEST_FIELDS,
  detect: detectOpencode,
  parse: parseOpencode,
  reparse: reparseOpencode,
  readRequest: readOpencodeRequest,
  readRequestValue: readOpencodeRequestValue,
  evaluate: evaluateOpencode,
  lint: lintOpencode,
  lintSteps: lintOpencodeSteps,
  describeRequest: describeOpencodeRequest,
  // OpenCode reads its configs as JSONC (jsonc-parser, comments and trailing commas allowed).
  comments: () => '//',
  fast: { compile: compileOpencodeFast },
  analysis: { lint: analyzeOpencode, lintSteps: opencodeAnalysisSteps, witness: (rs, ruleIndex, deadline) => opencodeWitness(rs, ruleIndex, deadline) },
  witnesses: { flips: (base, current, known, options) => findOpencodeWitnesses(base, current, known, options?.deadline), slices: (base, current, known, options) => opencodeWitnessSteps(base, current, known, options?.deadline) },
  translation: { toNeutral: opencodeToNeutral },
  requestChecks: { againstRules: unknownAgentFinding },
  vocabulary: OPENCODE_VOCABULARY,
  history: {
    requestFields: opencodeHistoryFields,
    storedCall: opencodeStoredCall,
    suggest: suggestOpencode,
    broadRule: (_rs, r) => (isBroadBash(r) ? `bash ${r.resource}` : undefined),
  },
  policy: opencodePolicy,
  neutralRequest: opencodeNeutralRequest,
  ruleEdit: opencodeRuleEdit,
  precedence: 'later',
  neutralWitnesses: opencodeNeutralWitnesses,
};

export type { OpencodeRequest, OpencodeRule, OpencodeRuleSet } from './rules';
export { parseOpencode, parseOpencodeLayers } from './parse';
export { opencodeMembers, parseOpencodePolicy, opencodeOrder } from './policy';
export { suggestOpencode, isBroadBash } from './history/suggest';
export { CompiledOpencode, evaluateCompiledOpencode } from './fast';
export { analyzeOpencode, opencodeWitness } from './analysis/lints';
export { findOpencodeWitnesses } from './analysis/witnesses';
export { opencodeToNeutral } from './translate';
export { evaluateOpencode, rulesFor } from './evaluate';
export { opencodePattern } from './pattern';
