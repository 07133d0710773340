import type { EvalContext } from '../../shared/model';

/**
 * Applies the engine settings (`rulelens.builtins`, `rulelens.globalConfig`,
 * `rulelens.claude.userSettings`, `rulelens.claude.managedSettings`, `rulelens.codex.requirements`,
 * `rulelens.codex.userRules`, `rulelens.opencode.env`) to the evaluation context the
 * service shares. The global config
 * and the Claude Code user settings are read only from the path the user set: never guessed from
 * the home folder of the machine that checks (the CLI's `--global-config` / `--user-settings`).
 * @example applyEngineSettings(ctx, { builtins: false }, readText) // ctx.builtins === false
 */
export function applyEngineSettings(ctx: EvalContext, settings: unknown, readText: (p: string) => string | undefined): void {
  const s = settings && typeof settings === 'object' ? (settings as Record<string, unknown>) : {};
  if (s.builtins === false) ctx.builtins = false;
  else delete ctx.builtins;
  if (s.policy === false) ctx.policy = false;
  else delete ctx.policy;
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
  const m = claude.managedSettings;
  const managedText = typeof m === 'string' && m ? readText(m) : undefined;
  if (typeof m === 'string' && managedText !== undefined) ctx.managedSettings = { path: m, text: managedText };
  else delete ctx.managedSettings;
  const ur = codex.userRules;
  if (typeof ur === 'string' && ur) ctx.codexUserRules = ur;
  else delete ctx.codexUserRules;
  const oc = s.opencode && typeof s.opencode === 'object' ? (s.opencode as Record<string, unknown>) : {};
  const env = oc.env && typeof oc.env === 'object' ? (oc.env as Record<string, unknown>) : {};
  const layers: NonNullable<EvalContext['opencodeEnv']> = {};
  const cfg = env.OPENCODE_CONFIG;
  const cfgText = typeof cfg === 'string' && cfg ? readText(cfg) : undefined;
  if (typeof cfg === 'string' && cfgText !== undefined) layers.config = { path: cfg, text: cfgText };
  if (typeof env.OPENCODE_CONFIG_CONTENT === 'string') layers.content = env.OPENCODE_CONFIG_CONTENT;
  if (typeof env.OPENCODE_PERMISSION === 'string') layers.permission = env.OPENCODE_PERMISSION;
  if (Object.keys(layers).length) ctx.opencodeEnv = layers;
  else delete ctx.opencodeEnv;
}
