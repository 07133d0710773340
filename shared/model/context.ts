/**
 * The small slice of a file system that safe path evaluation needs. Injected so the engine stays
 * pure and tests can describe symlinks without touching disk.
 */
export interface PathFs {
  /** Fully resolved absolute path, or undefined when some component does not exist or loops. */
  realpath(absPath: string): string | undefined;
  /**
   * The target text of the symlink at `absPath` (as stored, possibly relative), or undefined when
   * nothing is there or it is no symlink. Lets a dialect follow a link that dangles and name every
   * hop; without it only `realpath` is used.
   */
  readlink?(absPath: string): string | undefined;
}

/**
 * The file system a rule analysis assumes: every path is what it says, no symlinks anywhere. Lints,
 * fixes and witness searches judge what rules mean, not one machine's folders, so they evaluate with
 * this one; a request is evaluated with the real file system (cli/server inject it), and without one
 * nothing that depends on symlinks is proven.
 * @example LEXICAL_FS.realpath('/p/a') // '/p/a'
 */
export const LEXICAL_FS: PathFs = {
  realpath: (p) => p.replace(/\/+/g, '/').replace(/(.)\/$/, '$1'),
  readlink: () => undefined,
};

/** Everything outside the rule file and the request that evaluation may depend on. */
export interface EvalContext {
  /** Absolute project root that relative paths in rules and requests resolve against. */
  root?: string;
  /** The user's home directory, for `~` expansion. */
  home?: string;
  fs?: PathFs;
  /**
   * Whether the agent's built-in rule layers join the file's rules (default true): false evaluates
   * the file alone (`--no-builtins`, the `builtins` setting).
   */
  builtins?: boolean;
  /**
   * Whether the policy's other files join the checked file (default true): false decides with the
   * file on its own (`--file-alone`, the `rulelens.policy` setting).
   */
  policy?: boolean;
  /**
   * The user's global config as the agent would merge it under the project file (`--global-config`,
   * a setting). Never read implicitly from the checking machine's home.
   */
  globalConfig?: { path: string; text: string };
  /**
   * The user's own settings file for agents that layer one under the project's (Claude Code's
   * `~/.claude/settings.json`), read only when the user names it (`--user-settings PATH`), never
   * silently from the checking machine's home.
   */
  userSettings?: { path: string; text: string };
  /**
   * An admin's Codex `requirements.toml` whose `[rules]` join every `.rules` file checked
   * (`--codex-requirements PATH`); like the other layers, read only when named.
   */
  codexRequirements?: { path: string; text: string };
  /**
   * Claude Code's managed settings (`/etc/claude-code/managed-settings.json` on Linux) as the
   * admin's layer above every other (`--managed-settings PATH`); read only when named.
   */
  managedSettings?: { path: string; text: string };
  /**
   * The folder of the user's Codex rules (`~/.codex/rules`) whose `*.rules` files join every
   * project `.rules` file's policy (`--codex-user-rules DIR`); read only when named.
   */
  codexUserRules?: string;
  /**
   * OpenCode's environment layers, taken from this process's environment only when named
   * (`--opencode-env`) or given by a setting: `OPENCODE_CONFIG` (a file, merged after the global
   * config), `OPENCODE_CONFIG_CONTENT` (after the project's files) and `OPENCODE_PERMISSION` (last,
   * over `permission`).
   */
  opencodeEnv?: { config?: { path: string; text: string }; content?: string; permission?: string };
}
