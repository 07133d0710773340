import type { Dialect } from '../dialect';
import { codexNeutralWitnesses } from './neutral-witnesses';
import { codexNeutralRequest } from './neutral-request';
import { codexRuleEdit } from './rule-edit';
import { CODEX_REQUEST_INPUT } from './request-input';
import { detectCodex } from './detect';
import { evaluateCodex } from './evaluate';
import { lintCodex } from './lint';
import { parseCodex } from './parse';
import { translateToCodex } from './translate';
import { codexPolicy } from './policy';
import { CODEX_REQUEST_FIELDS, describeCodexRequest, readCodexRequest } from './request';
import { initStarlarkParser } from './starlark-parser';
import type { CodexRequest, CodexRuleSet } from './types';
import { codexWitnesses } from './witnesses';

/** OpenAI Codex CLI exec policy: Starlark `prefix_rule`s, every match combines, strictest wins. */
export const codex: Dialect<CodexRuleSet, CodexRequest> = {
  id: 'codex',
  title: 'Codex CLI',
  nativeDecisions: { allow: 'allow', prompt: 'ask', forbidden: 'deny' },
  requestFields: CODEX_REQUEST_FIELDS,
  detect: detectCodex,
  parse: parseCodex,
  readRequest: readCodexRequest,
  evaluate: evaluateCodex,
  lint: lintCodex,
  describeRequest: describeCodexRequest,
  // Starlark `.rules` files and TOML requirements both take `#` comments.
  comments: () => '#',
  init: initStarlarkParser,
  translation: { fromNeutral: translateToCodex, writes: 'file' },
  vocabulary: { requestInput: CODEX_REQUEST_INPUT, values: {} },
  policy: codexPolicy,
  witnesses: codexWitnesses,
  neutralWitnesses: codexNeutralWitnesses,
  neutralRequest: codexNeutralRequest,
  ruleEdit: codexRuleEdit,
  precedence: 'stricter',
};

export type { CodexRequest, CodexRule, CodexRuleSet, CodexNative } from './types';
export { parseCodex, patternLabel } from './parse';
export { evaluateCodex } from './evaluate';
export { translateToCodex } from './translate';
export { initStarlarkParser, isStarlarkParserReady } from './starlark-parser';
export { shlexSplit, shlexJoin } from './shlex';
export { lintCodex } from './lint';
export { codexMembers, parseCodexPolicy } from './policy';
export { splitPlainScript } from './shell-split';
