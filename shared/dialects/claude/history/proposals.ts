import { posix } from 'path';
import { opensToCode, runsChosenCode } from '../../../programs';
import { splitCommand } from '../sub-commands';
import { commandPrefix } from '../../../history/prefix';
import type { HistoryEntry } from '../../../history/types';

/** Distinct commands (or files) sharing a prefix (or folder) before a wildcard rule is proposed. */
export const MIN_GROUP = 2;
/** Folder depth a path glob keeps (`/src/lib/**`, not `/src/**`). */
export const PATH_GLOB_DEPTH = 2;

/** Claude Code file tools and the rule family that decides them. */
const PATH_FAMILY: Readonly<Record<string, 'Read' | 'Edit'>> = { Read: 'Read', NotebookRead: 'Read', Edit: 'Edit', Write: 'Edit', MultiEdit: 'Edit', NotebookEdit: 'Edit' };

/**
 * Whether a simple command runs code of the caller's choosing by the programs knowledge base: its
 * program opens to code whatever its arguments (a shell, an interpreter, a runner, find), or it
 * uses a word that runs code (`git -c …`). Such a command is never allowed by a suggestion, exact
 * or not.
 * @example runsAnything('python3 -c "print(1)"') // true
 * @example runsAnything('git status') // false
 */
export function runsAnything(command: string): boolean {
  return runsChosenCode(command);
}

/** Text a Claude Code rule specifier cannot hold literally (it would be read as a pattern). */
const NOT_LITERAL = /[*()]/;

/** A rule proposed for some observed calls, and the calls it is for. */
export interface Proposal {
  rule: string;
  /** The command pattern inside the rule (`npm run *`), for dialects that spell rules otherwise. */
  pattern?: string;
  /** Distinct subjects (commands, paths, hosts) it covers. */
  covers: string[];
  wildcard: boolean;
}

/**
 * The sub-commands of an observed Bash command (each is judged on its own by Claude Code).
 * @example subCommands('git add . && git commit -m x') // ['git add .', 'git commit -m x']
 */
export function subCommands(command: string): string[] {
  const s = splitCommand(command);
  return s.subcommands.map((c) => c.text.trim()).filter(Boolean);
}

/**
 * Allow rules for observed simple commands: a narrow `Bash(prefix *)` where at least MIN_GROUP
 * distinct commands share a two-word prefix, else the exact command; nothing for a command from
 * the programs knowledge base that runs chosen code, or one a rule cannot spell literally (those
 * are returned in `left`).
 * @example bashProposals(['npm run build', 'npm run lint', 'ls']).proposals.map((p) => p.rule) // ['Bash(ls)', 'Bash(npm run *)']
 */
export function bashProposals(commands: Iterable<string>, exactOnly: ReadonlySet<string> = new Set()): { proposals: Proposal[]; left: Array<{ subject: string; why: string }> } {
  const groups = new Map<string, Set<string>>();
  const left: Array<{ subject: string; why: string }> = [];
  for (const c of new Set(commands)) {
    if (runsAnything(c)) {
      left.push({ subject: c, why: 'runs code of the caller\'s choosing (programs knowledge base): never allowed by a suggestion' });
      continue;
    }
    if (NOT_LITERAL.test(c)) {
      left.push({ subject: c, why: 'holds `*` or parentheses, which a rule cannot match literally' });
      continue;
    }
    const p = commandPrefix(c);
    groups.set(p, (groups.get(p) ?? new Set()).add(c));
  }
  const proposals: Proposal[] = [];
  for (const [prefix, set] of groups) {
    const covers = [...set].sort();
    const program = prefix.split(' ')[0];
    // A one-word prefix would grant the whole program; only a subcommand prefix is narrow.
    if (set.size >= MIN_GROUP && prefix.includes(' ') && !exactOnly.has(prefix) && !opensToCode(program)) {
      proposals.push({ rule: `Bash(${prefix} *)`, pattern: `${prefix} *`, covers, wildcard: true });
    } else for (const c of covers) proposals.push({ rule: `Bash(${c})`, pattern: c, covers: [c], wildcard: false });
  }
  return { proposals: proposals.sort((a, b) => (a.rule < b.rule ? -1 : 1)), left };
}

/**
 * Path rules for observed files of one family: `Family(/dir/**)` (project-relative, at most
 * PATH_GLOB_DEPTH folders deep) where MIN_GROUP distinct files share the folder, else the exact
 * file (`//abs/path` outside the project).
 * @example pathProposals('Edit', ['/p/src/a.ts', '/p/src/b.ts'], '/p').proposals[0].rule // 'Edit(/src/**)'
 */
export function pathProposals(family: 'Read' | 'Edit', paths: Iterable<string>, root: string, exactOnly: ReadonlySet<string> = new Set()): { proposals: Proposal[]; left: Array<{ subject: string; why: string }> } {
  // Folder (project-relative) → file as observed → its project-relative path.
  const groups = new Map<string, Map<string, string>>();
  const left: Array<{ subject: string; why: string }> = [];
  const proposals: Proposal[] = [];
  for (const p of new Set(paths)) {
    if (/[*?[\]{}()!\\]/.test(p)) {
      left.push({ subject: p, why: 'holds glob characters, which a rule cannot match literally' });
      continue;
    }
    const abs = posix.isAbsolute(p) ? posix.normalize(p) : null;
    const rel = abs ? posix.relative(root, abs) : null;
    if (!abs || !rel || rel.startsWith('..') || posix.isAbsolute(rel)) {
      proposals.push({ rule: abs ? `${family}(/${abs})` : `${family}(${p})`, covers: [p], wildcard: false });
      continue;
    }
    const dir = posix.dirname(rel).split('/').filter((s) => s && s !== '.').slice(0, PATH_GLOB_DEPTH).join('/') || '.';
    const g = groups.get(dir) ?? new Map<string, string>();
    groups.set(dir, g.set(p, rel));
  }
  for (const [dir, files] of groups) {
    const covers = [...files.keys()].sort();
    if (files.size >= MIN_GROUP && dir !== '.' && !exactOnly.has(dir)) proposals.push({ rule: `${family}(/${dir}/**)`, covers, wildcard: true });
    else for (const [p, rel] of files) proposals.push({ rule: `${family}(/${rel})`, covers: [p], wildcard: false });
  }
  return { proposals: proposals.sort((a, b) => (a.rule < b.rule ? -1 : 1)), left };
}

/** @example pathFamily('Write') // 'Edit' */
export function pathFamily(tool: string): 'Read' | 'Edit' | undefined {
  return PATH_FAMILY[tool];
}

/** @example hostOf('https://docs.x.dev/a') // 'docs.x.dev' */
export function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.toLowerCase() || undefined;
  } catch {
    return undefined;
  }
}

/** The subject an entry is grouped by in explanations. */
export function subjectOf(e: HistoryEntry): string {
  return e.call.command ?? e.call.path ?? e.call.url ?? e.call.tool;
}
