import { posix } from 'path';

/**
 * Folder names Claude Code treats as sensitive wherever they appear in a path, in any letter case
 * (2.1.328 bundle, the check before `KZ`: `EZo`). A write there asks whatever allow rule or mode.
 */
export const PROTECTED_DIRS: readonly string[] = ['.git', '.vscode', '.idea', '.claude', '.husky', '.cargo', '.devcontainer', '.yarn', '.mvn'];
/** Sensitive runs of folder names (`mp`). */
export const PROTECTED_RUNS: readonly string[][] = [['.config', 'git']];
/** Sensitive file names (`Dlr`). */
export const PROTECTED_FILES: readonly string[] = [
  '.gitconfig', '.gitmodules', '.bashrc', '.bash_profile', '.zshrc', '.zprofile', '.profile', '.zshenv', '.zlogin', '.zlogout',
  '.bash_login', '.bash_aliases', '.bash_logout', '.envrc', '.ripgreprc', '.mcp.json', '.claude.json', '.npmrc', '.yarnrc',
  '.yarnrc.yml', '.pnp.cjs', '.pnp.loader.mjs', '.pnpmfile.cjs', 'bunfig.toml', '.bunfig.toml', '.bazelrc', '.bazelversion',
  '.bazeliskrc', '.pre-commit-config.yaml', 'lefthook.yml', '.lefthook.yml', 'lefthook.yaml', '.lefthook.yaml',
  'gradle-wrapper.properties', 'maven-wrapper.properties', '.devcontainer.json', 'pyrightconfig.json',
];
/** Under `.claude/`, these folders are the agent's own scratch space, not protected (observed: `.claude/worktrees/x` is written). */
const CLAUDE_FREE = new Set(['worktrees']);

const DIRS = new Set(PROTECTED_DIRS);
const FILES = new Set(PROTECTED_FILES.map((f) => f.toLowerCase()));

/**
 * Why a write to this absolute path is one Claude Code always asks about (a sensitive folder or
 * file), or undefined. Letter case does not matter.
 * @example protectedWhy('/p/.claude/notes.txt') // 'the agent asks before writing inside `.claude/` (a sensitive folder)'
 */
export function protectedWhy(absPath: string): string | undefined {
  const parts = posix.normalize(absPath).split('/').filter((p) => p !== '');
  const lower = parts.map((p) => p.toLowerCase());
  for (let i = 0; i < lower.length; i++) {
    const seg = lower[i];
    if (DIRS.has(seg)) {
      if (seg === '.claude' && i + 1 < lower.length && CLAUDE_FREE.has(lower[i + 1])) continue;
      return `the agent asks before writing inside \`${parts[i]}/\` (a sensitive folder), whatever allow rule or mode`;
    }
    for (const run of PROTECTED_RUNS) {
      if (i + run.length < lower.length && run.every((r, k) => lower[i + k] === r)) return `the agent asks before writing inside \`${run.join('/')}/\` (a sensitive folder), whatever allow rule or mode`;
    }
  }
  const base = lower[lower.length - 1];
  if (base !== undefined && FILES.has(base)) return `the agent asks before writing \`${parts[parts.length - 1]}\` (a sensitive file), whatever allow rule or mode`;
  return undefined;
}

/** Claude Code's own settings files: writes to them are refused while blockWritesOutsideWorkingDirectories is on. */
const SETTINGS_NAMES = new Set(['settings.json', 'settings.local.json']);

/**
 * Whether the absolute path is a Claude Code settings file (`.claude/settings.json`,
 * `.claude/settings.local.json`, `managed-settings.json`).
 * @example isSettingsFile('/p/.claude/settings.local.json') // true
 */
export function isSettingsFile(absPath: string): boolean {
  const p = posix.normalize(absPath);
  const base = posix.basename(p).toLowerCase();
  if (base === 'managed-settings.json') return true;
  return SETTINGS_NAMES.has(base) && posix.basename(posix.dirname(p)).toLowerCase() === '.claude';
}
