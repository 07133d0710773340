import type { HistoryEntry } from './types';

/** A second word that is an option, a path or a value is not part of a command's prefix. */
const NOT_A_SUBCOMMAND = /^[-./~$"'=]|[/=]|^\d/;

/**
 * The first words of a simple command that name what it does: `git push`, `npm run`, `ls`.
 * @example commandPrefix('git push --force origin main') // 'git push'
 * @example commandPrefix('ls -la src') // 'ls'
 */
export function commandPrefix(command: string): string {
  const words = command.trim().split(/\s+/);
  const first = words[0] ?? '';
  const second = words[1];
  return second !== undefined && !NOT_A_SUBCOMMAND.test(second) ? `${first} ${second}` : first;
}

/**
 * The group a call is counted under in replay summaries: the command prefix for Bash, the host
 * for WebFetch, the server for MCP tools, else the tool name.
 * @example groupOf({ tool: 'Bash', command: 'npm run build' }) // 'Bash(npm run)'
 */
export function groupOf(c: Pick<HistoryEntry['call'], 'tool' | 'command' | 'url'>): string {
  if (c.tool === 'Bash' && c.command !== undefined) return `Bash(${commandPrefix(c.command)})`;
  if (c.tool === 'WebFetch' && c.url !== undefined) {
    try {
      return `WebFetch(${new URL(c.url).hostname})`;
    } catch {
      return 'WebFetch';
    }
  }
  const mcp = /^mcp__([^_]+(?:_[^_]+)*?)__/.exec(c.tool);
  if (mcp) return `mcp__${mcp[1]}`;
  return c.tool;
}
