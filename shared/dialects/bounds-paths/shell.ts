/** Commands whose path arguments are read: a token naming a read-denied path refuses them. */
export const READING_COMMANDS: ReadonlySet<string> = new Set([
  'cat', 'less', 'more', 'head', 'tail', 'grep', 'egrep', 'fgrep', 'rg', 'ag', 'sed', 'awk', 'cut', 'sort', 'uniq', 'wc',
  'diff', 'cmp', 'strings', 'od', 'xxd', 'hexdump', 'base64', 'tar', 'zip', 'gzip', 'cp', 'scp', 'rsync', 'source', '.',
  'nl', 'tac', 'jq', 'yq', 'openssl', 'gpg', 'curl', 'wget', 'nc', 'bat', 'view', 'vi', 'vim', 'nano', 'xargs', 'find',
]);

/** Words that separate commands; the word after one is a command name. */
const SEPARATORS = new Set([';', '&&', '||', '|', '&', '\n', '(', ')']);
const REDIRECTS = new Set(['>', '>>', '<', '2>', '&>', '2>>']);

/** One word of a command line and how it is used. */
export interface ShellWord {
  text: string;
  /** The command this word is an argument of (its basename), or null for the command word itself. */
  command: string | null;
  /** Read by a `<` redirect. */
  readRedirect: boolean;
}

/**
 * Splits a command line into words with quotes and backslashes removed, and tags each with the
 * command it belongs to. Best effort: substitutions and expansions are not interpreted.
 * @example shellWords('cat .env | wc -l').map((w) => w.text) // ['cat', '.env', 'wc', '-l']
 */
export function shellWords(line: string): ShellWord[] {
  const tokens: Array<{ text: string; op: boolean }> = [];
  let cur = '';
  let has = false;
  const flush = () => {
    if (has) tokens.push({ text: cur, op: false });
    cur = '';
    has = false;
  };
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      cur += line.slice(i + 1, end < 0 ? line.length : end);
      has = true;
      i = end < 0 ? line.length : end;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < line.length && line[j] !== '"'; j++) {
        if (line[j] === '\\' && j + 1 < line.length) j++;
        cur += line[j];
      }
      has = true;
      i = j;
    } else if (c === '\\' && i + 1 < line.length) {
      cur += line[++i];
      has = true;
    } else if (c === ' ' || c === '\t') flush();
    else if (';&|<>()\n'.includes(c)) {
      const two = line.slice(i, i + 2);
      const op = ['&&', '||', '>>', '&>'].includes(two) ? two : c;
      if (/^\d$/.test(cur) && (op === '>' || op === '>>')) {
        tokens.push({ text: cur + op, op: true });
        cur = '';
        has = false;
      } else {
        flush();
        tokens.push({ text: op, op: true });
      }
      i += op.length - 1;
    } else {
      cur += c;
      has = true;
    }
  }
  flush();
  const words: ShellWord[] = [];
  let command: string | null = null;
  let expectCommand = true;
  let redirect: string | null = null;
  for (const t of tokens) {
    if (t.op) {
      if (SEPARATORS.has(t.text)) expectCommand = true;
      if (REDIRECTS.has(t.text)) redirect = t.text;
      continue;
    }
    if (redirect) {
      words.push({ text: t.text, command, readRedirect: redirect === '<' });
      redirect = null;
      continue;
    }
    if (expectCommand && !/^[A-Z_]\w*=/i.test(t.text)) {
      command = t.text.split('/').pop() ?? t.text;
      expectCommand = false;
      words.push({ text: t.text, command: null, readRedirect: false });
      continue;
    }
    words.push({ text: t.text, command: expectCommand ? null : command, readRedirect: false });
  }
  return words;
}

/**
 * The strings in a word that may name a path: the word itself and the value of `--opt=value` or
 * `NAME=value`, with substitution punctuation trimmed.
 * @example pathCandidates('--file=.env') // ['--file=.env', '.env']
 */
export function pathCandidates(word: string): string[] {
  const out = new Set<string>();
  const trim = (s: string) => s.replace(/^[$(`@]+/, '').replace(/(?<![)`])[)`]+$/, '');
  const w = trim(word);
  if (w) out.add(w);
  const eq = w.indexOf('=');
  if (eq >= 0 && w.slice(eq + 1)) out.add(trim(w.slice(eq + 1)));
  return [...out];
}
