import { atomsOf, compile } from '../../patterns/wildcard';
import { compileBash } from './bash-pattern';
import { compilePathRule } from './path-rules';
import { KNOWN_TOOLS, NEVER_CONSULTED } from './rule-grammar';
import type { RuleMatcher } from './types';
import { compileDomain, splitMcpName } from './web-mcp';

/**
 * Compiles a grammatically valid rule (tool + specifier) into what evaluation tests. Rules the
 * agent accepts but never consults become `never`; tool names with `*` that are not an MCP server
 * prefix become `tool-glob`.
 * @example compileRule('Bash', 'npm test *').kind // 'bash'
 */
export function compileRule(tool: string, specifier: string | null): RuleMatcher {
  const mcp = splitMcpName(tool);
  if (mcp && !mcp.server.includes('*')) {
    if (specifier !== null) return { kind: 'invalid' };
    return { kind: 'mcp', server: mcp.server, tool: mcp.tool };
  }
  if (tool.includes('*')) {
    const pattern = { source: tool, alts: [atomsOf(tool, { star: true, one: false })] };
    return { kind: 'tool-glob', pattern, compiled: compile(pattern) };
  }
  if (!KNOWN_TOOLS.includes(tool)) return { kind: 'invalid' };
  if (specifier === null) return { kind: 'tool', name: tool };
  if (tool === 'Bash') {
    // `Bash(*)` is the bare tool: it approves (or denies) every command as written, hidden parts,
    // redirects and paths outside included (observed on 2.1.328).
    if (specifier.trim() === '*') return { kind: 'tool', name: 'Bash' };
    const { pattern, compiled } = compileBash(specifier);
    return { kind: 'bash', pattern, compiled };
  }
  if (tool === 'Read' || tool === 'Edit') return compilePathRule(tool === 'Read' ? 'read' : 'edit', specifier);
  if (tool in NEVER_CONSULTED) {
    return { kind: 'never', name: tool, reason: `${tool}(…) path rules are accepted but never consulted; write ${NEVER_CONSULTED[tool]}(${specifier})` };
  }
  if (tool === 'WebFetch') {
    const d = compileDomain(specifier);
    return d ? { kind: 'domain', ...d } : { kind: 'invalid' };
  }
  const pattern = { source: specifier, alts: [atomsOf(specifier, { star: true, one: false })] };
  return { kind: 'generic', name: tool, pattern, compiled: compile(pattern) };
}
