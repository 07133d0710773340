import { pathCommand, sedOnlyReads } from './path-commands';
import { pathWrapperLength, programCheck } from './program-checks';
import { namedPath, type NamedPath, type ShellPlace } from './shell-paths';
import type { RedirectRead, SubCommand } from './sub-commands';

/** Wrapper layers (`nice xargs timeout 5 …`) looked through before a program's own checks. */
export const MAX_WRAPPER_ROUNDS = 8;

/** One path a sub-command names, with what the command does to it. */
export interface CommandPath {
  /** The program (`cat`, `rm`) or `<` for an input redirect. */
  program: string;
  path: NamedPath;
  /** Only a deny applies here (a `cp`/`mv` source is also checked as a read, for Read denies alone). */
  denyOnly?: boolean;
}

/**
 * Every path a sub-command names that the agent checks before an allow rule: the operands of a
 * path-restricted command (path-commands.ts), past the wrappers the agent looks through, each
 * resolved as the agent resolves it (shell-paths.ts). Operands computed at run time are left to the
 * other checks. Rule-independent.
 * @example commandPaths(sub('rm -f lnk/x'), place).map((p) => p.path.inside) // [false] when lnk → outside
 */
export function commandPaths(sc: SubCommand, place: ShellPlace): CommandPath[] {
  const values = sc.words.map((w) => w.value);
  const k = pathWrapperLength(values);
  const found = pathCommand(values[k]);
  if (!found) return [];
  const { name, entry } = found;
  const argWords = sc.words.slice(k + 1);
  const access = name === 'sed' ? (sedOnlyReads(argWords.map((w) => w.value)) ? 'read' : 'write') : entry.access;
  // `"$PWD/a.txt"` names ./a.txt for a command that reads; for one that writes it stays computed, and
  // for `cd` too: `timeout 5 cd "$PWD/a.txt"` was refused where RuleLens read it as a plain folder.
  const pwdRead = access === 'read' && name !== 'cd';
  const args = argWords.map((w) => (pwdRead && w.pwdPath !== undefined ? w.pwdPath : w.value));
  const computed = new Set(argWords.filter((w) => w.dynamic && !(pwdRead && w.pwdPath !== undefined)).map((w) => w.value));
  const operands = entry.operands(args).filter((o) => !computed.has(o) && o !== '');
  const out: CommandPath[] = operands.map((o) => ({ program: name, path: namedPath(o, access, place) }));
  // cp and mv read their sources, and a writing sed the files it edits: a Read deny on one denies the command.
  const sources = name === 'cp' || name === 'mv' ? operands.slice(0, -1) : name === 'sed' && access !== 'read' ? operands : [];
  for (const o of sources) out.push({ program: name, path: namedPath(o, 'read', place), denyOnly: true });
  return out;
}

/**
 * Why the agent will not check this path command's operands at all (it asks): `mv` or `cp` with any
 * option (one like `--target-directory=` could move the target), `cd` with two folders (zsh's
 * `cd OLD NEW`). `@anthropic-ai/claude-code` 2.1.332, the bash path validation's flag validators.
 * @example uncheckedForm(sub('cp -r a b')) // '`cp` with an option: …'
 */
export function uncheckedForm(sc: SubCommand): string | undefined {
  const values = sc.words.map((w) => w.value);
  const k = pathWrapperLength(values);
  const name = pathCommand(values[k])?.name;
  const args = values.slice(k + 1);
  if ((name === 'mv' || name === 'cp') && args.some((a) => a.startsWith('-'))) return `\`${name}\` with an option: the agent does not check where it writes`;
  if (name === 'cd') {
    let dashes = false;
    let operands = 0;
    for (const a of args) {
      if (!dashes && a === '--') {
        dashes = true;
        continue;
      }
      if (!dashes && a.startsWith('-') && a !== '-') continue;
      operands++;
    }
    if (operands > 1) return '`cd` with two folders: zsh reads it as `cd OLD NEW`, a folder the agent cannot tell';
  }
  return undefined;
}

/**
 * The files a command's input redirects read (`< a.txt`), checked as reads; a glob or a computed
 * target is never checked (the agent asks: "Input redirection target is a glob").
 * @example inputPaths([{ text: '< a.txt', target: 'a.txt', dynamic: false, glob: false }], place)[0].path.inside // true
 */
export function inputPaths(reads: readonly RedirectRead[], place: ShellPlace, changesDirectory = false): CommandPath[] {
  return reads.map((r) => {
    if (r.dynamic) return { program: '<', path: { value: r.target, access: 'read', spellings: [], resolved: r.target, inside: false, unchecked: `the input redirect ${r.text} is computed at run time` } };
    const np = namedPath(r.target, 'read', place);
    if (r.glob) return { program: '<', path: { ...np, inside: false, unchecked: `the input redirect ${r.text} is a glob: the agent never checks one` } };
    // With a cd in the command the agent cannot tell which file a relative target is (it asks).
    if (changesDirectory && !r.target.startsWith('/') && !r.target.startsWith('~')) return { program: '<', path: { ...np, spellings: [], inside: false, unchecked: `the input redirect ${r.text} is relative in a command that changes directory` } };
    return { program: '<', path: np };
  });
}

/**
 * Why the agent does not let an allow rule approve this sub-command's program with its arguments
 * (program-checks.ts), looking past the wrappers it strips and a bare `xargs`.
 * @example programCap(sub('find . -delete')) // "find with '-delete' executes commands or modifies files…"
 */
export function programCap(sc: SubCommand): string | undefined {
  let words = sc.words;
  let viaXargs = false;
  for (let round = 0; round < MAX_WRAPPER_ROUNDS; round++) {
    words = words.slice(pathWrapperLength(words.map((w) => w.value)));
    if (words[0]?.value === 'xargs' && words.length >= 2 && !words[1].value.startsWith('-')) {
      words = words.slice(1);
      viaXargs = true;
      continue;
    }
    break;
  }
  return programCheck({ values: words.map((w) => w.value), unquotedGlob: words.map((w) => unquotedGlob(w.raw)), computed: words.map((w) => w.dynamic) }, viaXargs);
}

/**
 * A `*`, `?` or `[` outside quotes and not escaped: bash expands it.
 * @example unquotedGlob("'*.md'") // false
 */
export function unquotedGlob(raw: string): boolean {
  let quote: string | null = null;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"') i++;
      continue;
    }
    if (c === '\\') i++;
    else if (c === "'" || c === '"') quote = c;
    else if (c === '*' || c === '?' || c === '[') return true;
  }
  return false;
}

/**
 * A sub-command that changes directory.
 * @example isCd(sub('nice cd docs')) // true
 */
export function isCd(sc: SubCommand): boolean {
  const values = sc.words.map((w) => w.value);
  return values[pathWrapperLength(values)] === 'cd';
}

/**
 * The folder a `cd` goes to when it names one plain folder (`cd docs`), else undefined.
 * @example cdTarget(sub('cd docs')) // 'docs'
 */
export function cdTarget(sc: SubCommand): string | undefined {
  const w = sc.words.slice(pathWrapperLength(sc.words.map((x) => x.value)));
  if (w.length !== 2 || w[0].value !== 'cd' || w[1].dynamic || /[*?[~]/.test(w[1].value) || w[1].value.startsWith('-')) return undefined;
  return w[1].value;
}

/**
 * The folder of a plain `cd DIR` that starts the command and is joined to the rest by `&&` (or, with
 * `orSemicolon`, by `;` too).
 * @example leadingCd('cd docs && cat a', subs) // 'docs'
 */
export function leadingCd(command: string, subs: readonly SubCommand[], orSemicolon = false): string | undefined {
  const first = subs[0];
  if (!first || subs.length < 2) return undefined;
  const w = first.words;
  if (w.length !== 2 || w[0].value !== 'cd' || w[1].dynamic || /[*?[~]/.test(w[1].value) || w[1].value.startsWith('-')) return undefined;
  const text = command.trimStart();
  const joiner = orSemicolon ? /^[ \t]*(?:&&|;)/ : /^[ \t]*&&/;
  if (!text.startsWith(first.text) || !joiner.test(text.slice(first.text.length))) return undefined;
  return w[1].value;
}

/**
 * Whether a `cd` of the command is a stage of a pipeline (`echo a > o.txt | cd docs`). The agent then
 * checks no deny rule on a relative redirect target and asks ("Commands that change directories and
 * write via output redirection require explicit approval"); joined by `&&`, `||` or `;` it checks them
 * (observed on @anthropic-ai/claude-code 2.1.328 and 2.1.332). A `cd` whose text cannot be found in
 * the command counts as piped (the agent's ask, not a deny RuleLens cannot place).
 * @example cdInPipeline('echo a > o.txt | cd docs', subs) // true
 */
export function cdInPipeline(command: string, subs: readonly SubCommand[]): boolean {
  let from = 0;
  return subs.some((sc) => {
    const at = command.indexOf(sc.text, from);
    if (at >= 0) from = at + sc.text.length;
    if (!isCd(sc)) return false;
    if (at < 0) return true;
    const before = command.slice(0, at).trimEnd();
    const after = command.slice(at + sc.text.length).trimStart();
    return /(?:^|[^|])\|&?$/.test(before) || /^\|(?!\|)/.test(after);
  });
}

/**
 * Names of files and folders the agent guards with a check no allow lifts (shell start-up files,
 * version-control and editor configuration, its own settings). RuleLens does not model that list;
 * any path with a component that may be one is treated as guarded, which only ever asks more.
 */
const GUARDED_NAME = /(?:^|\/)(?:\.(?:bash|zsh|profile|login|logout|kshrc|cshrc|tcshrc|inputrc|git|ssh|gnupg|claude|vscode|idea|mcp|config|npmrc|netrc|env|aws|kube|docker)[^/]*|\.[a-z]*rc)(?:\/|$)/i;

/**
 * Whether a path may be one the agent guards.
 * @example mayBeGuarded('/home/u/.bashrc') // true
 */
export function mayBeGuarded(subject: string): boolean {
  return GUARDED_NAME.test(subject);
}
