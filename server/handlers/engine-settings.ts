import type { EvalContext } from '../../shared/model';

/**
 * Applies the engine settings (`rulelens.builtins`, `rulelens.globalConfig`,
 * `rulelens.claude.userSettings`, `rulelens.codex.requirements`) to the evaluation context the
 * service shares. The global config
 * and the Claude Code user settings are read only from the path the user set: never guessed from
 * the home folder of the machine that checks (the CLI's `--global-config` / `--user-settings`).
 * @example applyEngineSettings(ctx, { builtins: false }, readText) // ctx.builtins === false
 */
export function applyEngineSettings(ctx: EvalContext, settings: unknown, readText: (p: string) => string | undefined): void {
  const s = settings && typeof settings === 'object' ? (settings as Record<string, unknown>) : {};
  if (s.builtins === false) ctx.builtins = false;
  else delete ctx.builtins;
  const g = s.globalConfig;
  const text = typeof g === 'string' && g ? readText(g) : undefined;
  if (typeof g === 'string' && text !== undefined) ctx.globalConfig = { path: g, text };
  else delete ctx.globalConfig;
  const claude = s.claude && typeof s.claude === 'object' ? (s.claude as Record<string, unknown>) : {};
  const u = claude.userSettings;
  const userText = typeof u === 'string' && u ? readText(u) : undefined;
  if (typeof u === 'string' && userText !== undefined) ctx.userSettings = { path: u, text: userText };
  else delete ctx.userSettings;
  const codex = s.codex && typeof s.codex === 'object' ? (s.codex as Record<string, unknown>) : {};
  const r = codex.requirements;
  const requirementsText = typeof r === 'string' && r ? readText(r) : undefined;
  if (typeof r === 'string' && requirementsText !== undefined) ctx.codexRequirements = { path: r, text: requirementsText };
  else delete ctx.codexRequirements;
}
