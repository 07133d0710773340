/** Tools that read files: `Read(…)` rules govern them. */
export const READ_TOOLS: readonly string[] = ['Read', 'Glob', 'Grep', 'LS', 'NotebookRead'];
/** Tools that change files: `Edit(…)` rules govern them, and a `Read` deny blocks them too. */
export const EDIT_TOOLS: readonly string[] = ['Edit', 'Write', 'MultiEdit', 'NotebookEdit'];

/** Where each tool's subject is found in a request's `input` object, first present key wins. */
export const INPUT_SUBJECT_KEYS: Readonly<Record<string, readonly string[]>> = {
  Bash: ['command'],
  WebFetch: ['url'],
  Agent: ['subagent_type'],
  Task: ['subagent_type'],
  Skill: ['skill', 'command', 'name'],
  file: ['file_path', 'path', 'notebook_path'],
};

/** @example toolFamily('MultiEdit') // 'edit' */
export function toolFamily(tool: string): 'read' | 'edit' | undefined {
  return READ_TOOLS.includes(tool) ? 'read' : EDIT_TOOLS.includes(tool) ? 'edit' : undefined;
}
