import type { Dialect } from '../dialect';
import { geminiNeutralWitnesses } from './neutral-witnesses';
import { geminiNeutralRequest } from './neutral-request';
import { geminiRuleEdit } from './rule-edit';
import { GEMINI_REQUEST_INPUT } from './request-input';
import { translateToGemini } from './translate';
import { initShellParser } from '../../host/shell-parser';
import { detectGemini } from './detect';
import { evaluateGemini } from './evaluate';
import { geminiLintSteps, lintGemini } from './lint';
import { parseGemini } from './parse';
import { geminiPolicy } from './policy';
import { describeGeminiRequest, GEMINI_REQUEST_FIELDS, readGeminiRequest } from './request';
import type { GeminiRequest, GeminiRuleSet } from './types';
import { geminiWitnesses } from './witnesses';

/** Gemini CLI policy engine: TOML rules, tiered priorities, first match decides, shell commands split. */
export const gemini: Dialect<GeminiRuleSet, GeminiRequest> = {
  id: 'gemini',
  title: 'Gemini CLI',
  nativeDecisions: { allow: 'allow', ask_user: 'ask', deny: 'deny' },
  requestFields: GEMINI_REQUEST_FIELDS,
  detect: detectGemini,
  parse: parseGemini,
  readRequest: readGeminiRequest,
  evaluate: evaluateGemini,
  lint: lintGemini,
  lintSteps: geminiLintSteps,
  describeRequest: describeGeminiRequest,
  // Policy files are TOML.
  comments: () => '#',
  init: initShellParser,
  translation: { fromNeutral: translateToGemini, writes: 'file' },
  vocabulary: { requestInput: GEMINI_REQUEST_INPUT, values: {} },
  policy: geminiPolicy,
  witnesses: geminiWitnesses,
  neutralWitnesses: geminiNeutralWitnesses,
  neutralRequest: geminiNeutralRequest,
  ruleEdit: geminiRuleEdit,
  precedence: 'priority',
};

export type { GeminiRequest, GeminiRule, GeminiRuleSet, GeminiNative, GeminiMode } from './types';
export { parseGemini, tierOf, prefixPattern } from './parse';
export { evaluateGemini, builtinDecision } from './evaluate';
export { stableArgs } from './stable-json';
export { geminiLintSteps, lintGemini } from './lint';
export { translateToGemini, PRIORITY_STEP } from './translate';
export { geminiMembers, parseGeminiPolicy } from './policy';
export { isKnownSafe } from './known-safe';
