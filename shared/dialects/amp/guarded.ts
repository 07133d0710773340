import { LinearRegex } from '../../patterns/regex';

/**
 * Amp's guarded files (`F9t` in main.js, @ampcode/cli 0.0.1790142911-g7618fb): a tool call that
 * modifies a file matching one of these asks ("Guarded File Modification") before any permission
 * rule, unless the path is in `amp.guardedFiles.allowlist` (or is `~/.config/AGENT.md`).
 */
export const GUARDED: ReadonlyArray<{ description: string; patterns: readonly string[] }> = [
  { description: 'Cursor Configuration', patterns: ['**/.cursor/**', '~/.cursor/**', '~/Library/Application Support/Cursor/**', '~/.config/Cursor/**', '%APPDATA%/Cursor/**'] },
  { description: 'Windsurf Configuration', patterns: ['**/.windsurf/**', '~/.codeium/windsurf/**', '~/Library/Application Support/Windsurf/**', '~/.config/Windsurf/**', '%APPDATA%/Windsurf/**', '/Library/Application Support/Windsurf/**', '/etc/windsurf/**', '%ProgramData%/Windsurf/**'] },
  { description: 'Antigravity Configuration', patterns: ['~/.gemini/**'] },
  { description: 'JetBrains IDE Configuration', patterns: ['~/Library/Application Support/JetBrains/**', '~/.config/JetBrains/**', '~/.local/share/JetBrains/**', '%APPDATA%/JetBrains/**', '%LOCALAPPDATA%/JetBrains/**'] },
  { description: 'JetBrains IDE Project Configuration', patterns: ['**/.idea/**'] },
  { description: 'Neovim Configuration', patterns: ['~/.config/nvim/**', '~/.local/share/nvim/**', '~/.local/state/nvim/**'] },
  { description: 'Amp Configuration Files', patterns: ['**/amp.json', '**/.amp/**'] },
  { description: 'Shell Configuration Files', patterns: ['~/.bashrc', '~/.zshrc', '~/.fishrc', '~/.cshrc', '~/.tcshrc'] },
  { description: 'SSH Keys and Configuration', patterns: ['**/.ssh/**', '~/.ssh/**'] },
  { description: 'GnuPG Keys and Configuration', patterns: ['**/.gnupg/**', '~/.gnupg/**'] },
  { description: 'Environment Variable Files', patterns: ['**/.env', '**/.env.*'] },
  { description: 'Claude AI Configuration', patterns: ['**/.claude/**', '~/.claude/**'] },
  { description: 'Codex Configuration', patterns: ['**/.codex/**', '~/.codex/**'] },
  { description: 'Git Internal Files', patterns: ['**/.git/**'] },
  { description: 'Kubernetes Configuration', patterns: ['**/.kube/**', '~/.kube/**'] },
  { description: 'Cache Directories', patterns: ['**/.cache/**', '~/.cache/**'] },
  { description: 'Windows Application Data', patterns: ['%APPDATA%/**'] },
  { description: 'Windows System Directories', patterns: ['%WINDIR%/**', '%SYSTEMROOT%/**', '%ProgramFiles%/**', '%ProgramFiles(x86)%/**', '%ProgramData%/**'] },
  { description: 'SQLite Database Files', patterns: ['**/*.db', '**/*.sqlite', '**/*.sqlite3'] },
  { description: 'Configuration Directories', patterns: ['~/.*', '~/.*/**', '~/.config/**', '~/Library/**', '~/Library/Preferences/**'] },
  { description: 'macOS Applications', patterns: ['/Applications/**', '~/Applications/**'] },
  { description: 'macOS System Library', patterns: ['/Library/**'] },
  { description: 'Unix System Directories', patterns: ['/usr/**', '/bin/**', '/sbin/**', '/lib/**', '/lib64/**', '/boot/**'] },
  { description: 'System Configuration and State', patterns: ['/private/etc/**', '/etc/**', '/private/var/**', '/var/**'] },
  { description: 'Optional Software Installs (/opt, e.g., Homebrew)', patterns: ['/opt/**'] },
];

/** The path Amp's allowlist always holds. */
const ALWAYS_ALLOWED = '~/.config/AGENT.md';

/** Characters a `file://` URI keeps as they are in a path (anything else is percent-encoded). */
const PLAIN_PATH = /^\/[\w.~/-]*$/;

export type GuardAnswer = { guarded: string } | { guarded: false } | { unsure: string };

/**
 * `P4(uri, pattern)` for a path whose `file://` URI is the path itself: `~` expanded, a pattern
 * with `*` becomes Amp's case-insensitive expression (only `.` escaped, `**` → `.*`, `*` →
 * `[^/]*`), a pattern without one is compared case-insensitively. `%VAR%` patterns are Windows
 * variables, unset here: they stay literal, as Amp leaves them.
 */
function patternTest(path: string, pattern: string, home: string | undefined): boolean | 'unsure' {
  let p = pattern;
  if (p === '~' || p.startsWith('~/')) {
    if (!home) return 'unsure';
    p = home + p.slice(1);
  }
  if (!p.startsWith('/')) p = `/${p}`;
  const uri = `file://${path}`;
  if (!p.includes('*')) return `file://${p}`.toLowerCase() === uri.toLowerCase();
  const source = `^file://${p.replace(/\./g, '\\.').replace(/\*\*/g, '\u00a7DOUBLESTAR\u00a7').replace(/\*/g, '[^/]*').replace(/\u00a7DOUBLESTAR\u00a7/g, '.*')}$`;
  try {
    const r = LinearRegex.compile(source, 'i').test(uri);
    return r === undefined ? 'unsure' : r;
  } catch {
    // Amp's RegExp throws for it too: its check gives up and guards nothing.
    return false;
  }
}

/**
 * Whether Amp asks before a call that modifies `path` (absolute): the allowlist first, then the
 * guarded patterns. Unsure when the path has characters its URI would encode, or a `~` pattern
 * meets an unknown home.
 * @example guardedFile('/p/.env', [], '/home/u') // { guarded: 'Environment Variable Files' }
 */
export function guardedFile(path: string, allowlist: readonly string[], home: string | undefined): GuardAnswer {
  if (!PLAIN_PATH.test(path)) return { unsure: `the path ${JSON.stringify(path)} has characters Amp's URI encoding changes: the guarded-file check is not modelled for it` };
  let unsure: string | undefined;
  for (const a of [ALWAYS_ALLOWED, ...allowlist]) {
    const r = patternTest(path, a, home);
    if (r === true) return { guarded: false };
    if (r === 'unsure') unsure ??= `the allowlist entry ${a} needs the home folder`;
  }
  for (const g of GUARDED) {
    for (const p of g.patterns) {
      const r = patternTest(path, p, home);
      if (r === true) return unsure ? { unsure } : { guarded: g.description };
      if (r === 'unsure') unsure ??= `the guarded pattern ${p} needs the home folder`;
    }
  }
  return unsure ? { unsure } : { guarded: false };
}
