import type { Dialect } from '../dialect';
import { initShellParser } from '../claude';
import { detectCopilot } from './detect';
import { evaluateCopilot } from './evaluate';
import { lintCopilot } from './lint';
import { parseCopilot } from './parse';
import { COPILOT_REQUEST_FIELDS, COPILOT_TOOLS, describeCopilotRequest, readCopilotRequest } from './request';
import { COPILOT_REQUEST_INPUT } from './request-input';
import type { CopilotRequest, CopilotRuleSet } from './types';
import { copilotWitnesses } from './witnesses';

/** GitHub Copilot CLI: its permission flags, read from a flags file, a workflow's steps or a script. */
export const copilot: Dialect<CopilotRuleSet, CopilotRequest> = {
  id: 'copilot',
  title: 'GitHub Copilot CLI',
  nativeDecisions: { approved: 'allow', ask: 'ask', denied: 'deny' },
  requestFields: COPILOT_REQUEST_FIELDS,
  detect: detectCopilot,
  parse: parseCopilot,
  readRequest: readCopilotRequest,
  evaluate: evaluateCopilot,
  lint: lintCopilot,
  describeRequest: describeCopilotRequest,
  // Flags files, workflows and scripts all take `#` comments.
  comments: () => '#',
  init: initShellParser,
  vocabulary: { requestInput: COPILOT_REQUEST_INPUT, values: { tool: COPILOT_TOOLS } },
  witnesses: copilotWitnesses,
};

export type { CopilotRequest, CopilotRule, CopilotRuleSet } from './types';
export { parseCopilot, parseToolPattern } from './parse';
export { evaluateCopilot } from './evaluate';
export { lintCopilot } from './lint';
