import { AMP_ACTIONS, type AmpCondition, type AmpEntry } from './types';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Amp's condition schema (`rw`): string, non-empty list of conditions, boolean, number, null, or an object of conditions. */
function conditionProblem(v: unknown, at: string): string | undefined {
  if (typeof v === 'string' || typeof v === 'boolean' || v === null || v === undefined) return undefined;
  if (typeof v === 'number') return Number.isFinite(v) ? undefined : `${at}: not a finite number`;
  if (Array.isArray(v)) {
    if (v.length === 0) return `${at}: an empty list (a list needs at least one condition)`;
    for (let i = 0; i < v.length; i++) {
      const p = conditionProblem(v[i], `${at}.${i}`);
      if (p) return p;
    }
    return undefined;
  }
  if (isRecord(v)) {
    for (const [k, c] of Object.entries(v)) {
      const p = conditionProblem(c, `${at}.${k}`);
      if (p) return p;
    }
    return undefined;
  }
  return `${at}: not a condition`;
}

/**
 * Checks one `amp.permissions` entry against Amp's schema (`BhH` in main.js): `tool` a non-empty
 * string, `action` one of allow/reject/ask/delegate, `matches` an object of conditions, `context`
 * thread or subagent, `to` only (and always) with delegate, `message` only with reject. Unknown
 * keys are dropped, as zod drops them. Amp drops an entry that fails, with a warning.
 * @example validateEntry({ tool: 'Bash', action: 'allow' }) // { entry: { tool: 'Bash', action: 'allow' } }
 */
export function validateEntry(v: unknown): { entry: AmpEntry } | { why: string } {
  if (!isRecord(v)) return { why: 'an entry must be an object like {"tool": "Bash", "action": "allow"}' };
  if (typeof v.tool !== 'string' || v.tool.length === 0) return { why: '"tool" must be a non-empty string' };
  if (v.matches !== undefined) {
    if (!isRecord(v.matches)) return { why: '"matches" must be an object mapping tool inputs to conditions' };
    const p = conditionProblem(v.matches, 'matches');
    if (p) return { why: p };
  }
  if (typeof v.action !== 'string' || !(AMP_ACTIONS as readonly string[]).includes(v.action)) return { why: `"action" must be one of ${AMP_ACTIONS.join(', ')}` };
  if (v.context !== undefined && v.context !== 'thread' && v.context !== 'subagent') return { why: '"context" must be "thread" or "subagent"' };
  if (v.to !== undefined && (typeof v.to !== 'string' || v.to.length === 0)) return { why: '"to" must be a non-empty string' };
  if (v.message !== undefined && typeof v.message !== 'string') return { why: '"message" must be a string' };
  if (v.action === 'delegate' && !v.to) return { why: 'delegate action requires "to" field' };
  if (v.action !== 'delegate' && v.to) return { why: '"to" field only allowed with delegate action' };
  if (v.message && v.action !== 'reject') return { why: '"message" field only allowed with reject action' };
  const entry: AmpEntry = { tool: v.tool, action: v.action as AmpEntry['action'] };
  if (v.matches !== undefined) entry.matches = v.matches as Record<string, AmpCondition>;
  if (v.context !== undefined) entry.context = v.context;
  if (v.to !== undefined) entry.to = v.to;
  if (v.message !== undefined) entry.message = v.message;
  return { entry };
}

/** The shell tools whose rules Amp mirrors into each other (`cve`), and their argument names. */
export const SHELL_TOOLS = ['Bash', 'shell_command', 'async_shell_command'] as const;

/**
 * `N4H`/`Dve`/`Ive`: a user entry for one shell tool (spelled exactly) is followed by copies for
 * the other two, with `cmd`↔`command` and `cwd`↔`workdir` renamed. Copies count in `matchIndex`.
 * @example mirrored({ tool: 'Bash', action: 'reject', matches: { cmd: 'rm *' } }).map((e) => e.tool) // ['Bash', 'shell_command', 'async_shell_command']
 */
export function mirrored(entry: AmpEntry): AmpEntry[] {
  if (!(SHELL_TOOLS as readonly string[]).includes(entry.tool)) return [entry];
  const copies = SHELL_TOOLS.filter((t) => t !== entry.tool).map((tool) => {
    const copy: AmpEntry = { ...entry, tool };
    if (entry.matches) {
      copy.matches = Object.fromEntries(
        Object.entries(entry.matches).map(([k, c]) => {
          if (tool === 'Bash' && k === 'command') return ['cmd', c];
          if (tool === 'Bash' && k === 'workdir') return ['cwd', c];
          if (tool !== 'Bash' && k === 'cmd') return ['command', c];
          if (tool !== 'Bash' && k === 'cwd') return ['workdir', c];
          return [k, c];
        }),
      );
    } else if ('matches' in entry) copy.matches = undefined;
    return copy;
  });
  return [entry, ...copies];
}
