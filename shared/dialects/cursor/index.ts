import { cursorNeutralRequest } from './neutral';
import type { Dialect } from '../dialect';
import { initShellParser } from '../../host/shell-parser';
import { detectCursor } from './detect';
import { evaluateCursor } from './evaluate';
import { lintCursor } from './lint';
import { parseCursor } from './parse';
import { CURSOR_REQUEST_FIELDS, describeCursorRequest, readCursorRequest } from './request';
import { CURSOR_REQUEST_INPUT } from './request-input';
import { CURSOR_TYPES, type CursorRequest, type CursorRuleSet } from './types';
import { cursorWitnesses } from './witnesses';

/** Cursor CLI: `permissions.allow/deny` in `.cursor/cli.json` and `cli-config.json`; deny wins, unmatched asks. */
export const cursor: Dialect<CursorRuleSet, CursorRequest> = {
  id: 'cursor',
  title: 'Cursor CLI',
  nativeDecisions: { allow: 'allow', ask: 'ask', deny: 'deny' },
  requestFields: CURSOR_REQUEST_FIELDS,
  detect: detectCursor,
  parse: parseCursor,
  readRequest: readCursorRequest,
  evaluate: evaluateCursor,
  neutralRequest: cursorNeutralRequest,
  lint: lintCursor,
  describeRequest: describeCursorRequest,
  init: initShellParser,
  vocabulary: { requestInput: CURSOR_REQUEST_INPUT, values: { tool: CURSOR_TYPES } },
  witnesses: cursorWitnesses,
  history: {
    requestFields(call) {
      if (call.tool === 'Bash' && call.command !== undefined) return { tool: 'Shell', command: call.command };
      if ((call.tool === 'Read' || call.tool === 'Write' || call.tool === 'Edit') && call.path !== undefined) return { tool: call.tool === 'Read' ? 'Read' : 'Write', path: call.path };
      if (call.tool === 'WebFetch' && call.url !== undefined) return { tool: 'WebFetch', url: call.url };
      const mcp = /^mcp__([^_]+(?:_[^_]+)*?)__(.+)$/.exec(call.tool);
      if (mcp) return { tool: 'Mcp', server: mcp[1], mcpTool: mcp[2] };
      return `Cursor CLI has no permission type for the tool ${call.tool}`;
    },
  },
};

export type { CursorRequest, CursorRule, CursorRuleSet } from './types';
export { parseCursor } from './parse';
export { evaluateCursor, ASSUMED } from './evaluate';
export { lintCursor } from './lint';
export { cursorNeutralRequest } from './neutral';
