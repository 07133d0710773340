import type { Vocabulary } from '../dialect';
import { CLAUDE_REQUEST_INPUT } from './request-input';
import { CLAUDE_MODES } from './types';

const CLAUDE_TOOLS = ['Bash', 'Read', 'Edit', 'Write', 'MultiEdit', 'NotebookEdit', 'Glob', 'Grep', 'WebFetch', 'WebSearch', 'Agent', 'Task', 'Skill'];

/** What an editor offers in Claude Code settings and requests. */
export const CLAUDE_VOCABULARY: Vocabulary = {
  requestInput: CLAUDE_REQUEST_INPUT,
  values: { mode: CLAUDE_MODES, tool: CLAUDE_TOOLS },
  everywhere: { defaultMode: CLAUDE_MODES },
};
