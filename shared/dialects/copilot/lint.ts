import { finding, type Finding } from '../../model';
import type { CopilotRuleSet } from './types';

/** Claude Code's and other agents' tool names: as a Copilot kind each is an MCP server's name. */
const FOREIGN_KINDS = ['Bash', 'Shell', 'Read', 'Write', 'Edit', 'WebFetch', 'Glob', 'Grep', 'run_shell_command', 'Url', 'URL'];

/**
 * Copilot CLI flag lints: foreign tool names that never match, `*` inside `shell(…)` (only a
 * final `:*` is a wildcard), and flags that approve every command.
 * @example lintCopilot(parseCopilot({ path: 'x.flags', text: '--allow-tool Bash(git *)' })).map((f) => f.code) // ['copilot-foreign-kind']
 */
export function lintCopilot(rs: CopilotRuleSet): Finding[] {
  const out: Finding[] = [];
  for (const r of rs.rules) {
    const p = r.pattern;
    if (p && FOREIGN_KINDS.includes(p.kind)) {
      out.push(finding('copilot-foreign-kind', 'warning', `"${r.value}" never matches a built-in tool: Copilot CLI reads "${p.kind}" as the name of an MCP server (its kinds are shell, write, url and MCP server names)`, r.range, { data: { rule: r.index } }));
    }
    if (p?.kind === 'shell' && p.argument !== undefined && p.argument.replace(/:\*$/, '').includes('*')) {
      out.push(finding('copilot-shell-glob', 'warning', `"${r.value}": only a final ":*" is a wildcard in shell(…); this "*" is matched literally, so the rule covers no real command`, r.range, { data: { rule: r.index } }));
    }
    const allowsEverything = r.flag === 'allow-all' || r.flag === 'allow-all-tools' || (r.flag === 'allow-tool' && p?.kind === 'shell' && p.argument === undefined);
    if (allowsEverything) {
      out.push(finding('copilot-allow-all', 'warning', `${r.label} lets Copilot CLI run any shell command without asking${r.flag === 'allow-all' ? ', touch any path and fetch any URL' : ''}; only --deny-tool/--deny-url flags still refuse`, r.range, { data: { rule: r.index } }));
    }
  }
  for (const inv of rs.invocations) {
    if (inv.unmodelled.length) out.push(finding('copilot-not-modelled', 'information', `line ${inv.line}: ${inv.unmodelled.join(', ')} changes who answers prompts; RuleLens decides as if it were absent`, rs.source.range(rs.source.offsetAt({ line: inv.line - 1, character: 0 }), rs.source.offsetAt({ line: inv.line - 1, character: 0 }))));
  }
  return out;
}
