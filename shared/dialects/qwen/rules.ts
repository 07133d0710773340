import { QWEN_TOOL_ALIASES } from './aliases';
import type { SpecifierKind } from './types';

const CANONICAL = new Map<string, string>();
for (const [canonical, names] of Object.entries(QWEN_TOOL_ALIASES)) {
  CANONICAL.set(canonical, canonical);
  for (const n of names) CANONICAL.set(n, canonical);
}

export const SHELL_TOOLS = new Set(['run_shell_command', 'monitor']);
export const READ_TOOLS = new Set(['read_file', 'zoom_image', 'grep_search', 'glob', 'list_directory']);
export const EDIT_TOOLS = new Set(['edit', 'write_file', 'notebook_edit']);

/**
 * A tool name as Qwen resolves it: an alias (case-sensitive) to its canonical name, else as written.
 * @example resolveTool('Bash') // 'run_shell_command'
 */
export function resolveTool(name: string): string {
  return CANONICAL.get(name) ?? name;
}

/** Whether a name is one Qwen Code knows (an alias or canonical name, or an MCP tool). */
export function knownTool(name: string): boolean {
  return CANONICAL.has(name) || name.startsWith('mcp__');
}

/** How a tool's specifier is read (`getSpecifierKind`). */
export function specifierKind(tool: string): SpecifierKind {
  if (SHELL_TOOLS.has(tool)) return 'command';
  if (READ_TOOLS.has(tool) || EDIT_TOOLS.has(tool)) return 'path';
  if (tool === 'web_fetch') return 'domain';
  return 'literal';
}

/**
 * Whether a rule's tool covers a call's tool: itself, or a meta-category (`Read` covers the read
 * tools, `Edit` the edit tools, `Bash` the monitor tool) — `toolMatchesRuleToolName`.
 * @example ruleToolCovers('read_file', 'glob') // true
 */
export function ruleToolCovers(ruleTool: string, callTool: string): boolean {
  if (ruleTool === callTool) return true;
  if (ruleTool === 'read_file' && READ_TOOLS.has(callTool)) return true;
  if (ruleTool === 'edit' && EDIT_TOOLS.has(callTool)) return true;
  return ruleTool === 'run_shell_command' && callTool === 'monitor';
}

export interface ParsedRule {
  text: string;
  toolName: string;
  specifier?: string;
  kind?: SpecifierKind;
  params?: Array<{ key: string; value: string }>;
  invalid: boolean;
}

const PARAM_KEY = /^[a-z_]\w*$/i;

/**
 * A rule string as Qwen's `parseRule` reads it: `Tool` or `Tool(specifier)`; an opening
 * parenthesis without a closing one at the end makes it invalid (ignored).
 * @example parseQwenRule('Bash(git:*)').specifier // 'git *'
 */
export function parseQwenRule(raw: string): ParsedRule {
  const text = raw.trim();
  const open = text.indexOf('(');
  if (open < 0) return { text, toolName: resolveTool(text), invalid: false };
  const toolName = resolveTool(text.slice(0, open).trim());
  if (!text.endsWith(')')) return { text, toolName, invalid: true };
  let spec = text.slice(open + 1, -1);
  const kind = spec ? specifierKind(toolName) : undefined;
  if (kind === 'command') spec = spec.split(':*').join(' *');
  const out: ParsedRule = { text, toolName, specifier: spec || undefined, kind, invalid: false };
  if (kind === 'literal' && !toolName.startsWith('mcp__') && spec.includes(':')) {
    const plain: string[] = [];
    const params: Array<{ key: string; value: string }> = [];
    for (const part of spec.split(',').map((p) => p.trim())) {
      const c = part.indexOf(':');
      if (c > 0) {
        const key = part.slice(0, c).trim();
        if (key && PARAM_KEY.test(key)) {
          params.push({ key, value: part.slice(c + 1).trim() });
          continue;
        }
      }
      plain.push(part);
    }
    if (params.length) {
      out.params = params;
      out.specifier = plain.join(',').trim() || undefined;
    }
  }
  return out;
}
