import { ampNeutralRequest } from './neutral';
import type { Dialect } from '../dialect';
import { detectAmp } from './detect';
import { evaluateAmp } from './evaluate';
import { lintAmp } from './lint';
import { parseAmp } from './parse';
import { AMP_REQUEST_FIELDS, describeAmpRequest, readAmpRequest } from './request';
import { AMP_REQUEST_INPUT } from './request-input';
import type { AmpRequest, AmpRuleSet } from './types';
import { ampWitnesses } from './witnesses';

/** Amp: `amp.permissions` entries, workspace then user, first match, then Amp's built-in rules. */
export const amp: Dialect<AmpRuleSet, AmpRequest> = {
  id: 'amp',
  title: 'Amp',
  nativeDecisions: { allow: 'allow', ask: 'ask', reject: 'deny', delegate: 'ask' },
  requestFields: AMP_REQUEST_FIELDS,
  detect: detectAmp,
  parse: parseAmp,
  readRequest: readAmpRequest,
  evaluate: evaluateAmp,
  neutralRequest: ampNeutralRequest,
  lint: lintAmp,
  describeRequest: describeAmpRequest,
  // Amp reads its settings as JSONC.
  comments: () => '//',
  vocabulary: {
    requestInput: AMP_REQUEST_INPUT,
    values: { tool: ['Bash', 'shell_command', 'async_shell_command', 'Read', 'edit_file', 'create_file', 'delete_file', 'apply_patch', 'Grep', 'glob', 'read_web_page', 'web_search', 'Task', 'oracle', 'librarian'], action: ['allow', 'reject', 'ask', 'delegate'], context: ['thread', 'subagent'] },
  },
  witnesses: ampWitnesses,
  history: {
    requestFields(call) {
      if (call.tool === 'Bash' && call.command !== undefined) return { tool: 'Bash', args: { cmd: call.command } };
      if (call.tool === 'Read' && call.path !== undefined) return { tool: 'Read', args: { path: call.path } };
      if ((call.tool === 'Edit' || call.tool === 'Write') && call.path !== undefined) return { tool: call.tool === 'Edit' ? 'edit_file' : 'create_file', args: { path: call.path } };
      if (call.tool === 'WebFetch' && call.url !== undefined) return { tool: 'read_web_page', args: { url: call.url } };
      if (call.tool.startsWith('mcp__')) return { tool: call.tool, args: call.input ?? {} };
      return `Amp has no tool matching ${call.tool}`;
    },
  },
};

export type { AmpRequest, AmpRule, AmpRuleSet, AmpEntry } from './types';
export { parseAmp } from './parse';
export { evaluateAmp } from './evaluate';
export { lintAmp } from './lint';
export { BUILTIN_ENTRIES, AMP_VERSION } from './builtins';
export { ampNeutralRequest } from './neutral';
