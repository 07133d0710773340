/**
 * The commands whose file operands Claude Code checks before any allow rule (its "path-restricted"
 * commands), with how it finds their operands and whether it judges them as reads or writes. Data,
 * transcribed from `@anthropic-ai/claude-code` 2.1.332 (the same table is in 2.1.328): the bash
 * tool's path validation keeps one operand extractor per command and one access kind per command;
 * every operand must resolve — lexically and through the symlinks that exist — inside the working
 * folders, or the command asks whatever narrower allow rule matches. See docs/dialects/claude.md,
 * "Paths a command names".
 */

import { withoutTrailingSlashes } from './safe-path';

/** How a command's operands are judged: read (Read rules), written (Edit rules) or created. */
export type PathAccess = 'read' | 'write' | 'create';

/** Options of a command that take a value, for the flag-aware extractors. */
interface FlagShape {
  booleanShort: string;
  valuedShort: string;
  attachedShort?: string;
  booleanLong: readonly string[];
  valuedLong: readonly string[];
  attachedLong?: readonly string[];
}

export interface PathCommand {
  access: PathAccess;
  /** The operands the agent checks, from the arguments after the command name. */
  operands(args: readonly string[]): string[];
}

/**
 * Plain operands: every argument from the first non-option on (options after it count too), and
 * everything after `--`.
 * @example plainOperands(['-n', '1', 'a.txt']) // ['1', 'a.txt']
 */
export function plainOperands(args: readonly string[]): string[] {
  const out: string[] = [];
  let dashes = false;
  let started = false;
  for (const a of args) {
    if (dashes || started) out.push(a);
    else if (a === '--') dashes = true;
    else if (a === '-' || !a.startsWith('-')) {
      out.push(a);
      started = true;
    }
  }
  return out;
}

/** Operands past options that take values; an option it does not know stops option parsing for the rest. */
function flagOperands(shape: FlagShape): (args: readonly string[]) => string[] {
  const kind = (o: string): 'boolean' | 'valued' | 'attached' | 'unknown' => {
    if (o.startsWith('--')) {
      if (o.includes('=')) return 'attached';
      if (shape.booleanLong.includes(o)) return 'boolean';
      if (shape.attachedLong?.includes(o)) return 'attached';
      return shape.valuedLong.includes(o) ? 'valued' : 'unknown';
    }
    if (/^-\d+$/.test(o)) return 'attached';
    for (let i = 1; i < o.length; i++) {
      const c = o[i];
      if (shape.booleanShort.includes(c)) continue;
      if (shape.attachedShort?.includes(c)) return 'attached';
      if (!shape.valuedShort.includes(c)) return 'unknown';
      return i === o.length - 1 ? 'valued' : 'attached';
    }
    return 'boolean';
  };
  return (args) => {
    const out: string[] = [];
    let dashes = false;
    let started = false;
    let parsing = true;
    for (let i = 0; i < args.length; i++) {
      const a = args[i];
      if (dashes || started) out.push(a);
      else if (a === '--') dashes = true;
      else if (a !== '-' && a.startsWith('-')) {
        if (!parsing) continue;
        const k = kind(a);
        if (k === 'valued') i++;
        else if (k === 'unknown') parsing = false;
      } else {
        out.push(a);
        started = true;
      }
    }
    return out;
  };
}

/** `find`: the starting points before the first expression, and the file arguments of `-newer` and friends. */
function findOperands(args: readonly string[]): string[] {
  const out: string[] = [];
  const fileTests = new Set(['-newer', '-anewer', '-cnewer', '-mnewer', '-samefile', '-path', '-wholename', '-ilname', '-lname', '-ipath', '-iwholename']);
  let expression = false;
  let dashes = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (!a) continue;
    if (dashes) {
      out.push(a);
      continue;
    }
    if (a === '--') {
      dashes = true;
      continue;
    }
    if (a.startsWith('-')) {
      if (a === '-H' || a === '-L' || a === '-P') continue;
      expression = true;
      if (fileTests.has(a) || /^-newer[acmBt][acmtB]$/.test(a)) {
        const v = args[i + 1];
        if (v) {
          out.push(v);
          i++;
        }
      }
      continue;
    }
    if (!expression) out.push(a);
  }
  return out.length ? out : ['.'];
}

/** Shared by grep and rg: the pattern is the first operand unless `-e`/`-f` gave one; `-f` files are read. */
function searchOperands(valued: ReadonlySet<string>, fallback: readonly string[]): (args: readonly string[]) => string[] {
  return (args) => {
    const out: string[] = [];
    let patternGiven = false;
    let dashes = false;
    let started = false;
    for (let i = 0; i < args.length; i++) {
      const a = args[i];
      if (!dashes && !started && a === '--') {
        dashes = true;
        continue;
      }
      if (!dashes && !started && a !== '-' && a.startsWith('-')) {
        const eq = a.indexOf('=');
        const flag = eq >= 0 ? a.slice(0, eq) : a;
        if (['-e', '--regexp', '-f', '--file'].includes(flag)) {
          patternGiven = true;
          if (flag === '-f' || flag === '--file') {
            const v = eq >= 0 ? a.slice(eq + 1) : args[i + 1];
            if (v) out.push(v);
          }
        }
        if (/^-[a-zA-Z]*f$/.test(flag) && flag !== '-f' && eq < 0 && args[i + 1] !== undefined) {
          patternGiven = true;
          out.push(args[i + 1]);
          i++;
          continue;
        }
        if (['--exclude-from', '--include-from', '--ignore-file'].includes(flag)) {
          const v = eq >= 0 ? a.slice(eq + 1) : args[i + 1];
          if (v) out.push(v);
          if (eq < 0) i++;
          continue;
        }
        if (eq < 0) {
          if (a.length > 2 && a.startsWith('-f')) {
            patternGiven = true;
            out.push(a.slice(2));
            continue;
          }
          if (a.length > 2 && a.startsWith('-e')) {
            patternGiven = true;
            continue;
          }
        }
        if (valued.has(flag) && eq < 0) i++;
        continue;
      }
      started = true;
      if (!patternGiven) {
        patternGiven = true;
        continue;
      }
      out.push(a);
    }
    return out.length ? out : [...fallback];
  };
}

const GREP_VALUED = new Set(['-e', '--regexp', '-f', '--file', '--exclude', '--include', '--exclude-dir', '--include-dir', '-m', '--max-count', '-A', '--after-context', '-B', '--before-context', '-C', '--context']);
const RG_VALUED = new Set(['-e', '--regexp', '-f', '--file', '-t', '--type', '-T', '--type-not', '-g', '--glob', '-m', '--max-count', '--max-depth', '-r', '--replace', '-A', '--after-context', '-B', '--before-context', '-C', '--context']);

function grepOperands(args: readonly string[]): string[] {
  const out = searchOperands(GREP_VALUED, [])(args);
  if (out.length === 0 && args.some((a) => a === '-r' || a === '-R' || a === '--recursive')) return ['.'];
  return out;
}

/** `awk`: the program is the first operand unless `-f`/`-e` gave one; `-f` program files are read. */
function awkOperands(args: readonly string[]): string[] {
  const valued = new Set(['-F', '--field-separator', '-v', '--assign', '-e', '--source']);
  const files = new Set(['-f', '--file', '-E', '--exec']);
  const out: string[] = [];
  let dashes = false;
  let programGiven = false;
  let started = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (!dashes && !started && a === '--') {
      dashes = true;
      continue;
    }
    if (!dashes && !started && a !== '-' && a.startsWith('-')) {
      const eq = a.indexOf('=');
      const flag = eq >= 0 ? a.slice(0, eq) : a;
      if (valued.has(flag)) {
        if (flag === '-e' || flag === '--source') programGiven = true;
        if (eq < 0) i++;
        continue;
      }
      if (files.has(flag)) {
        programGiven = true;
        if (eq >= 0) out.push(a.slice(eq + 1));
        else if (args[i + 1] !== undefined) out.push(args[++i]);
      }
      continue;
    }
    started = true;
    if (!programGiven) {
      programGiven = true;
      continue;
    }
    out.push(a);
  }
  return out;
}

/** `sed`: the script is the first operand unless `-e`/`-f` gave one; `-f` script files are read. */
function sedOperands(args: readonly string[]): string[] {
  const out: string[] = [];
  let skip = false;
  let scriptGiven = false;
  let dashes = false;
  let started = false;
  for (let i = 0; i < args.length; i++) {
    if (skip) {
      skip = false;
      continue;
    }
    const a = args[i];
    if (!a) continue;
    if (!dashes && !started && a === '--') {
      dashes = true;
      continue;
    }
    if (!dashes && !started && a !== '-' && a.startsWith('-')) {
      if (a === '-f' || a === '--file') {
        if (args[i + 1]) out.push(args[i + 1]);
        skip = true;
        scriptGiven = true;
      } else if (a === '-e' || a === '--expression') {
        skip = true;
        scriptGiven = true;
      } else if (a.includes('e') || a.includes('f')) scriptGiven = true;
      continue;
    }
    started = true;
    if (!scriptGiven) {
      scriptGiven = true;
      continue;
    }
    out.push(a);
  }
  return out;
}

/** `jq`: the filter is the first operand unless `-f` gave one; the rest are input files. */
function jqOperands(args: readonly string[]): string[] {
  const out: string[] = [];
  const valued = new Set(['-e', '--expression', '--arg', '--argjson', '--args', '--jsonargs', '-L', '--library-path', '--indent', '--tab']);
  let filterGiven = false;
  let dashes = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === undefined) continue;
    if (!dashes && a === '--') {
      dashes = true;
      continue;
    }
    if (!dashes && a.startsWith('-')) {
      const eq = a.indexOf('=');
      const flag = eq >= 0 ? a.slice(0, eq) : a;
      if (flag === '-e' || flag === '--expression') filterGiven = true;
      if (flag === '-f' || flag === '--from-file') {
        filterGiven = true;
        if (eq >= 0) out.push(a.slice(eq + 1));
        else if (args[i + 1] !== undefined) out.push(args[++i]);
        continue;
      }
      if (flag === '--slurpfile' || flag === '--rawfile') {
        if (args[i + 2] !== undefined) out.push(args[i + 2]);
        i += 2;
        continue;
      }
      if (valued.has(flag) && eq < 0) i++;
      continue;
    }
    if (!filterGiven) {
      filterGiven = true;
      continue;
    }
    out.push(a);
  }
  return out;
}

/** `git`: only `git grep` and `git diff` name files the agent checks (against `-C` / `--work-tree`). */
function gitOperands(args: readonly string[]): string[] {
  const valued = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--super-prefix', '--config-env', '--attr-source', '--shallow-file']);
  let i = 0;
  let base = '';
  const join = (p: string) => (base === '' || p.startsWith('/') || p.startsWith('~') ? p : `${withoutTrailingSlashes(base)}/${p}`);
  while (i < args.length && args[i].startsWith('-')) {
    const o = args[i++];
    if (o.startsWith('--work-tree=')) base = join(o.slice('--work-tree='.length));
    else if (valued.has(o) && i < args.length) {
      const v = args[i++];
      if (o === '-C' || o === '--work-tree') base = join(v);
    }
  }
  const sub = args[i];
  const rest = args.slice(i + 1);
  if (sub === 'grep') {
    const files = searchOperands(new Set(['-e', '--regexp', '-f', '--file', '-A', '--after-context', '-B', '--before-context', '-C', '--context', '-m', '--max-count', '--max-depth', '--threads']), [])(rest);
    return files.length ? files.map(join) : [base === '' ? '.' : base];
  }
  if (sub !== 'diff') return [];
  const out: string[] = [];
  let dashes = false;
  for (const a of rest) {
    if (!dashes && a === '--') dashes = true;
    else if (dashes || a === '-' || !a.startsWith('-')) {
      const p = join(a);
      if (!NOT_A_FILE.has(p)) out.push(p);
    }
  }
  return out;
}

/** Device paths the agent's operand checks skip (they name no file). */
const NOT_A_FILE: ReadonlySet<string> = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/tty']);

const plain = plainOperands;

/**
 * The table: command name → access and operand extractor. Names are matched exactly (`/bin/cat` is
 * not in it: the agent does not check its paths), except that `rm`, `rmdir`, `tee`, `cp` and `mv`
 * are also recognised by their base name.
 */
export const PATH_COMMANDS: Readonly<Record<string, PathCommand>> = {
  cd: { access: 'read', operands: (a) => plain(a).slice(0, 1) },
  ls: { access: 'read', operands: (a) => (plain(a).length ? plain(a) : ['.']) },
  find: { access: 'read', operands: findOperands },
  mkdir: { access: 'create', operands: plain },
  touch: { access: 'create', operands: plain },
  rm: { access: 'write', operands: plain },
  rmdir: { access: 'write', operands: plain },
  mv: { access: 'write', operands: plain },
  cp: { access: 'write', operands: plain },
  cat: { access: 'read', operands: plain },
  head: { access: 'read', operands: plain },
  tail: { access: 'read', operands: plain },
  sort: { access: 'read', operands: plain },
  uniq: { access: 'read', operands: plain },
  wc: { access: 'read', operands: plain },
  cut: { access: 'read', operands: flagOperands({ booleanShort: 'nswz', valuedShort: 'bcdf', booleanLong: ['--complement', '--only-delimited', '--zero-terminated'], valuedLong: ['--bytes', '--characters', '--delimiter', '--fields', '--output-delimiter'] }) },
  paste: { access: 'read', operands: flagOperands({ booleanShort: 'sz', valuedShort: 'd', booleanLong: ['--serial', '--zero-terminated'], valuedLong: ['--delimiters'] }) },
  column: { access: 'read', operands: flagOperands({ booleanShort: 'txdemLJhV', valuedShort: 'cosNOClEHRTWrip', booleanLong: ['--table', '--fillrows', '--table-noheadings', '--table-header-repeat', '--table-maxout', '--keep-empty-lines', '--json'], valuedLong: ['--separator', '--output-separator', '--output-width', '--table-name', '--table-order', '--table-column', '--table-columns', '--table-columns-limit', '--table-noextreme', '--table-hide', '--table-right', '--table-truncate', '--table-wrap', '--tree', '--tree-id', '--tree-parent'] }) },
  file: { access: 'read', operands: plain },
  stat: { access: 'read', operands: plain },
  diff: { access: 'read', operands: plain },
  awk: { access: 'read', operands: awkOperands },
  gawk: { access: 'read', operands: awkOperands },
  mawk: { access: 'read', operands: awkOperands },
  nawk: { access: 'read', operands: awkOperands },
  strings: { access: 'read', operands: plain },
  hexdump: { access: 'read', operands: plain },
  od: { access: 'read', operands: plain },
  base64: { access: 'read', operands: plain },
  nl: { access: 'read', operands: plain },
  sha256sum: { access: 'read', operands: plain },
  sha1sum: { access: 'read', operands: plain },
  md5sum: { access: 'read', operands: plain },
  tee: { access: 'write', operands: (a) => plain(a).filter((p) => !NOT_A_FILE.has(p)) },
  tr: { access: 'read', operands: (a) => plain(a).slice(a.some((x) => x === '-d' || x === '--delete' || (x.startsWith('-') && x.includes('d'))) ? 1 : 2) },
  grep: { access: 'read', operands: grepOperands },
  egrep: { access: 'read', operands: grepOperands },
  fgrep: { access: 'read', operands: grepOperands },
  tac: { access: 'read', operands: flagOperands({ booleanShort: 'br', valuedShort: 's', booleanLong: ['--before', '--regex'], valuedLong: ['--separator'] }) },
  rev: { access: 'read', operands: plain },
  fold: { access: 'read', operands: flagOperands({ booleanShort: 'bs', valuedShort: 'w', booleanLong: ['--bytes', '--spaces'], valuedLong: ['--width'] }) },
  expand: { access: 'read', operands: flagOperands({ booleanShort: 'i', valuedShort: 't', booleanLong: ['--initial'], valuedLong: ['--tabs'] }) },
  unexpand: { access: 'read', operands: flagOperands({ booleanShort: 'af', valuedShort: 't', booleanLong: ['--all', '--first-only'], valuedLong: ['--tabs'] }) },
  fmt: { access: 'read', operands: flagOperands({ booleanShort: 'csumn', valuedShort: 'wgdl', booleanLong: ['--crown-margin', '--split-only', '--tagged-paragraph', '--uniform-spacing'], valuedLong: ['--width', '--goal', '--prefix'] }) },
  comm: { access: 'read', operands: flagOperands({ booleanShort: '123iz', valuedShort: '', booleanLong: ['--check-order', '--nocheck-order', '--total', '--zero-terminated'], valuedLong: ['--output-delimiter'] }) },
  cmp: { access: 'read', operands: flagOperands({ booleanShort: 'blsvxzh', valuedShort: '', booleanLong: ['--print-bytes', '--verbose', '--quiet', '--silent'], valuedLong: ['--ignore-initial', '--bytes'] }) },
  pr: { access: 'read', operands: flagOperands({ booleanShort: 'acdFfJmprtTv', attachedShort: 'einsS', valuedShort: 'hlwWoND', booleanLong: ['--across', '--show-control-chars', '--double-space', '--form-feed', '--join-lines', '--merge', '--no-file-warnings', '--omit-header', '--omit-pagination', '--show-nonprinting'], attachedLong: ['--expand-tabs', '--output-tabs', '--number-lines', '--separator', '--sep-string'], valuedLong: ['--header', '--length', '--width', '--page-width', '--indent', '--first-line-number', '--date-format', '--columns'] }) },
  numfmt: { access: 'read', operands: flagOperands({ booleanShort: 'z', valuedShort: 'd', booleanLong: ['--grouping', '--zero-terminated', '--debug'], attachedLong: ['--header'], valuedLong: ['--from', '--to', '--from-unit', '--to-unit', '--format', '--padding', '--delimiter', '--field', '--round', '--suffix', '--invalid'] }) },
  tsort: { access: 'read', operands: plain },
  rg: { access: 'read', operands: searchOperands(RG_VALUED, ['.']) },
  sed: { access: 'write', operands: sedOperands },
  jq: { access: 'read', operands: jqOperands },
  git: { access: 'read', operands: gitOperands },
};

/** Commands also recognised by the base name of a program path (`/bin/rm`). */
const BY_BASE_NAME: ReadonlySet<string> = new Set(['rm', 'rmdir', 'tee', 'cp', 'mv']);

/**
 * The table entry for a command word, with the name it goes by; undefined for a command whose
 * paths the agent does not check.
 * @example pathCommand('/bin/rm')?.name // 'rm'
 */
export function pathCommand(word: string | undefined): { name: string; entry: PathCommand } | undefined {
  if (!word) return undefined;
  const own = Object.prototype.hasOwnProperty.call(PATH_COMMANDS, word) ? word : undefined;
  const base = word.slice(word.lastIndexOf('/') + 1);
  const name = own ?? (BY_BASE_NAME.has(base) ? base : undefined);
  return name === undefined ? undefined : { name, entry: PATH_COMMANDS[name] };
}

/** Options the agent lets a reading `sed` have (options taking a value marked `true`). */
const SED_READ_FLAGS: Readonly<Record<string, boolean>> = {
  '--expression': true, '-e': true, '--quiet': false, '--silent': false, '-n': false, '--regexp-extended': false, '-r': false, '--posix': false,
  '-E': false, '--line-length': true, '-l': true, '--zero-terminated': false, '-z': false, '--separate': false, '-s': false, '--unbuffered': false,
  '-u': false, '--debug': false,
};

/**
 * Whether `sed` only reads here: quiet (`-n`), only the options above, and every script a line
 * print (`1p`, `2,5p`). Anything else — a substitution, `$p`, `w`, `e`, `-i` — the agent judges
 * as a write of the files it names (observed on 2.1.328 and 2.1.332: `sed -n 1p a.txt` runs with no
 * rule, `sed s/a/b/ a.txt` and `sed -n '$p' a.txt` ask as writes).
 * @example sedOnlyReads(['-n', '1p', 'a.txt']) // true
 */
export function sedOnlyReads(args: readonly string[]): boolean {
  const scripts: string[] = [];
  let quiet = false;
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i];
    if (a === '--') {
      i++;
      break;
    }
    if (!a.startsWith('-') || a === '-') break;
    const eq = a.indexOf('=');
    const flag = eq > 0 ? a.slice(0, eq) : a;
    if (!(flag in SED_READ_FLAGS)) return false;
    if (flag === '-n' || flag === '--quiet' || flag === '--silent') quiet = true;
    if (SED_READ_FLAGS[flag] && eq < 0) {
      if (flag === '-e' || flag === '--expression') scripts.push(args[i + 1] ?? '');
      i++;
    } else if (eq > 0 && (flag === '-e' || flag === '--expression')) scripts.push(a.slice(eq + 1));
  }
  if (scripts.length === 0) scripts.push(args[i] ?? '');
  return quiet && scripts.every((x) => /^\d+(?:,\d+)?p$/.test(x));
}
