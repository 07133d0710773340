import type { Observation } from './types';

type Call = Pick<Observation, 'tool' | 'command' | 'path' | 'url' | 'input'>;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Claude Code tools whose input names one file. */
const FILE_TOOLS = new Set(['Read', 'Edit', 'Write', 'MultiEdit', 'NotebookEdit', 'NotebookRead']);

/**
 * A Claude Code tool call (`tool_use` name and input, or a hook's `tool_name`/`tool_input`) in the
 * neutral shape: `command` for Bash, `path` for file tools, `url` for WebFetch, else `input`.
 * @example claudeCall('Bash', { command: 'npm test', description: 'run tests' }) // { tool: 'Bash', command: 'npm test' }
 */
export function claudeCall(name: string, input: unknown): Call {
  const inp = input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  if (name === 'Bash' && str(inp.command) !== undefined) return { tool: name, command: str(inp.command) };
  if (FILE_TOOLS.has(name)) {
    const p = str(inp.file_path) ?? str(inp.notebook_path) ?? str(inp.path);
    if (p !== undefined) return { tool: name, path: p };
  }
  if (name === 'WebFetch' && str(inp.url) !== undefined) return { tool: name, url: str(inp.url) };
  return { tool: name, input: inp };
}

/** Gemini CLI's built-in tools and the Claude Code tool each corresponds to. */
const GEMINI_TOOLS: Readonly<Record<string, string>> = {
  run_shell_command: 'Bash',
  read_file: 'Read',
  read_many_files: 'Read',
  write_file: 'Write',
  replace: 'Edit',
  edit: 'Edit',
  list_directory: 'LS',
  glob: 'Glob',
  search_file_content: 'Grep',
  grep_search: 'Grep',
  web_fetch: 'WebFetch',
  google_web_search: 'WebSearch',
};

const URL_IN_TEXT = /\bhttps?:\/\/[^\s"'<>)]+/;

/**
 * A Gemini CLI tool call in the neutral shape. Built-in tools take their Claude Code names (the
 * stored requests are judged by Claude Code-style rules too); any other tool keeps its own name
 * with its arguments as `input`.
 * @example geminiCall('run_shell_command', { command: 'ls' }) // { tool: 'Bash', command: 'ls' }
 */
export function geminiCall(name: string, args: unknown): Call {
  const a = args && typeof args === 'object' && !Array.isArray(args) ? (args as Record<string, unknown>) : {};
  const tool = GEMINI_TOOLS[name];
  if (tool === 'Bash' && str(a.command) !== undefined) return { tool, command: str(a.command) };
  if (tool === 'Read' || tool === 'Write' || tool === 'Edit') {
    const p = str(a.file_path) ?? str(a.absolute_path) ?? str(a.path);
    if (p !== undefined) return { tool, path: p };
  }
  if (tool === 'WebFetch') {
    const u = str(a.url) ?? str(a.prompt)?.match(URL_IN_TEXT)?.[0];
    if (u !== undefined) return { tool, url: u };
  }
  return { tool: tool ?? name, input: a };
}
