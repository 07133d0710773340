import type { Node } from 'jsonc-parser';
import { prop, rangeOf } from '../../json/tree';
import { finding, type Finding, type SourceText } from '../../model';
import { suggestWord } from '../../requests/fields';
import { KNOWN_TOOLS } from './rule-grammar';

/**
 * Claude Code's tool names are case-sensitive: `"tool": "bash"` is a tool the agent never calls,
 * so no `Bash(…)` rule would ever decide it. MCP tools (`mcp__server__tool`) are open-ended.
 * @example claudeToolProblem('bash') // 'unknown tool "bash": Claude Code\'s tool names are case-sensitive — did you mean "Bash"?'
 */
export function claudeToolProblem(tool: string): string | undefined {
  if (tool === '' || KNOWN_TOOLS.includes(tool) || tool.startsWith('mcp__')) return undefined;
  const near = suggestWord(tool, KNOWN_TOOLS);
  if (near && near.toLowerCase() === tool.toLowerCase()) return `unknown tool "${tool}": Claude Code's tool names are case-sensitive — did you mean "${near}"?`;
  if (near) return `unknown tool "${tool}" — did you mean "${near}"? (Claude Code calls its tools by exact name)`;
  if (tool.toLowerCase().startsWith('mcp__')) return `unknown tool "${tool}": MCP tools are named "mcp__server__tool" in lower-case "mcp__"`;
  return `unknown tool "${tool}": not a Claude Code tool (${KNOWN_TOOLS.slice(0, 8).join(', ')}, …) nor an MCP tool "mcp__server__tool"`;
}

/**
 * Field values Claude Code would never send: a mis-cased or unknown tool. A tool differing only in
 * case is certainly a typo (error); one we do not know may be newer than our list (warning).
 * @example claudeFieldValueFindings(item, src)[0].message // 'unknown tool "bash": … did you mean "Bash"?'
 */
export function claudeFieldValueFindings(item: Node, src: SourceText): Finding[] {
  const tool = prop(item, 'tool');
  if (tool?.type !== 'string') return [];
  const problem = claudeToolProblem(tool.value);
  if (!problem) return [];
  const severity = suggestWord(tool.value, KNOWN_TOOLS)?.toLowerCase() === tool.value.toLowerCase() ? 'error' : 'warning';
  return [finding('request-invalid', severity, problem, rangeOf(src, tool))];
}
