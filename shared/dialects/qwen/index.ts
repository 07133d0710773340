import { qwenNeutralRequest } from './neutral';
import type { Dialect } from '../dialect';
import { detectQwen } from './detect';
import { evaluateQwen } from './evaluate';
import { lintQwen } from './lint';
import { parseQwenPolicy, qwenPolicy } from './policy';
import { describeQwenRequest, QWEN_REQUEST_FIELDS, readQwenRequest } from './request';
import { QWEN_REQUEST_INPUT } from './request-input';
import type { QwenRequest, QwenRuleSet } from './types';
import { QWEN_MODES } from './types';
import { qwenWitnesses } from './witnesses';

/** Qwen Code: `permissions.allow/ask/deny` in `.qwen/settings.json`; deny, then ask, then allow; shell commands split. */
export const qwen: Dialect<QwenRuleSet, QwenRequest> = {
  id: 'qwen',
  title: 'Qwen Code',
  nativeDecisions: { allow: 'allow', ask: 'ask', deny: 'deny' },
  requestFields: QWEN_REQUEST_FIELDS,
  detect: detectQwen,
  parse: (file, ctx) => parseQwenPolicy(file, [], ctx),
  readRequest: readQwenRequest,
  evaluate: evaluateQwen,
  neutralRequest: qwenNeutralRequest,
  lint: lintQwen,
  describeRequest: describeQwenRequest,
  // Qwen strips comments before JSON.parse.
  comments: () => '//',
  vocabulary: { requestInput: QWEN_REQUEST_INPUT, values: { mode: QWEN_MODES } },
  policy: qwenPolicy,
  witnesses: qwenWitnesses,
};

export type { QwenRequest, QwenRule, QwenRuleSet, QwenMode } from './types';
export { evaluateQwen } from './evaluate';
export { parseQwenPolicy } from './policy';
export { parseQwenRule } from './rules';
export { lintQwen } from './lint';
