import type { Vocabulary } from '../dialect';
import { CLAUDE_MODES } from './types';

const CLAUDE_TOOLS = ['Bash', 'Read', 'Edit', 'Write', 'MultiEdit', 'NotebookEdit', 'Glob', 'Grep', 'WebFetch', 'WebSearch', 'Agent', 'Task', 'Skill'];

/** What an editor offers in Claude Code settings and requests. */
export const CLAUDE_VOCABULARY: Vocabulary = {
  values: { mode: CLAUDE_MODES, tool: CLAUDE_TOOLS },
  everywhere: { defaultMode: CLAUDE_MODES },
};
