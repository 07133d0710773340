/**
 * Words each dialect's files accept, for completion. Kept beside the server because they are
 * about what to suggest, not about what a file means (the dialects decide that).
 */
export const DECISION_WORDS = ['allow', 'ask', 'deny'];

export const OPENCODE_ACTIONS = ['read', 'edit', 'glob', 'grep', 'list', 'bash', 'task', 'external_directory', 'todowrite', 'todoread', 'question', 'webfetch', 'websearch', 'codesearch', 'lsp', 'skill', 'doom_loop', '*'];
export const CLAUDE_TOOLS = ['Bash', 'Read', 'Edit', 'Write', 'MultiEdit', 'NotebookEdit', 'Glob', 'Grep', 'WebFetch', 'WebSearch', 'Agent', 'Task', 'Skill'];
export const CLAUDE_MODES = ['default', 'acceptEdits', 'plan', 'auto', 'dontAsk', 'bypassPermissions'];
export const OMP_MODES = ['always-ask', 'write', 'yolo'];
export const OMP_APPROVALS = ['allow', 'prompt', 'deny'];
export const BOUNDS_CAPABILITIES = ['read', 'write', 'send', 'execute', 'spend'];
export const BOUNDS_TRUST = ['internal', 'untrusted', 'unknown'];
export const BOUNDS_TOOLS = ['file.read', 'file.write', 'shell.exec'];

/**
 * Values worth suggesting for a key, given the dialect; undefined when the key takes free text.
 * @example valuesFor('opencode', 'effect') // ['allow', 'ask', 'deny']
 */
export function valuesFor(dialect: string | undefined, key: string): string[] | undefined {
  switch (key) {
    case 'effect':
      return DECISION_WORDS;
    case 'approval':
      return OMP_APPROVALS;
    case 'capability':
    case 'capabilities':
      return BOUNDS_CAPABILITIES;
    case 'trust':
      return BOUNDS_TRUST;
    case 'defaultMode':
      return CLAUDE_MODES;
    case 'approvalMode':
      return OMP_MODES;
    case 'mode':
      return dialect === 'claude' ? CLAUDE_MODES : dialect === 'omp' ? OMP_MODES : undefined;
    case 'action':
      return dialect === 'opencode' ? OPENCODE_ACTIONS : undefined;
    case 'tool':
      return dialect === 'claude' ? CLAUDE_TOOLS : dialect === 'omp' ? ['bash'] : dialect === 'bounds-paths' ? BOUNDS_TOOLS : undefined;
    default:
      return undefined;
  }
}
