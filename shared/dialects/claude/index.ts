import type { Dialect } from '../dialect';
import { claudeNeutralWitnesses } from './neutral-witnesses';
import { claudeNeutralRequest } from './neutral-request';
import { claudeRuleEdit } from './rule-edit';
import { detectClaude } from './detect';
import { evaluateClaude } from './evaluate';
import { claudeLintSteps, lintClaude } from './lint';
import { CLAUDE_REQUEST_FIELDS, describeClaudeRequest, readClaudeRequest } from './request';
import { parseClaude } from './settings';
import { claudePolicy } from './policy';
import { initShellParser } from '../../host/shell-parser';
import type { ClaudeRequest, ClaudeRuleSet } from './types';
import { claudeHistoryFields, claudeStoredCall } from './history/request';
import { isBroad, suggestClaude } from './history/suggest';
import { translateToClaude } from './translate-neutral';
import { claudeFieldValueFindings } from './request-checks';
import { CLAUDE_VOCABULARY } from './vocabulary';
import { claudeWitnesses } from './witnesses';

/** Claude Code settings: tiered deny → ask → allow, first match in that order, mode as fallback. */
export const claude: Dialect<ClaudeRuleSet, ClaudeRequest> = {
  id: 'claude',
  title: 'Claude Code',
  nativeDecisions: { allow: 'allow', ask: 'ask', deny: 'deny', 'hook-dependent': 'ask' },
  requestFields: CLAUDE_REQUEST_FIELDS,
  detect: detectClaude,
  parse: parseClaude,
  readRequest: readClaudeRequest,
  evaluate: evaluateClaude,
  lint: lintClaude,
  lintSteps: claudeLintSteps,
  describeRequest: describeClaudeRequest,
  init: initShellParser,
  history: {
    requestFields: claudeHistoryFields,
    storedCall: claudeStoredCall,
    suggest: suggestClaude,
    // Only the checked file's own allows: a user layer's rules are not this file's to rewrite.
    broadRule: (rs, r) => (r.file === rs.path && isBroad(r) ? r.text : undefined),
  },
  translation: { fromNeutral: translateToClaude, writes: 'settings' },
  requestChecks: { fieldValues: claudeFieldValueFindings },
  vocabulary: CLAUDE_VOCABULARY,
  policy: claudePolicy,
  witnesses: claudeWitnesses,
  neutralWitnesses: claudeNeutralWitnesses,
  neutralRequest: claudeNeutralRequest,
  ruleEdit: claudeRuleEdit,
  precedence: 'stricter',
};

export type { ClaudeLayer, ClaudeMode, ClaudeRequest, ClaudeRule, ClaudeRuleSet, LayerName, RuleMatcher, Tier } from './types';
export { initShellParser, isShellParserReady } from '../../host/shell-parser';
export { parseClaude, parseLayers, readSettingsFile, mergeSettings, layerOf, projectRootOf } from './settings';
export { claudeMembers, parseClaudePolicy } from './policy';
export { evaluateClaude, modeFallback } from './evaluate';
export { lintClaude } from './lint';
export { bashPattern } from './bash-pattern';
export { splitCommand } from './sub-commands';
export { translateFromLastMatch } from './translate';
export { translateToClaude } from './translate-neutral';
export { claudeToolProblem } from './request-checks';
export { suggestClaude, isBroad } from './history/suggest';
export { bashProposals, pathProposals, runsAnything } from './history/proposals';
