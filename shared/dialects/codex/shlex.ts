/**
 * Splits a string into words like a POSIX shell without expansions (the rules Codex uses for
 * string examples and RuleLens for string commands): blanks separate words, single quotes are
 * literal, double quotes keep `\` only before `$`, `` ` ``, `"`, `\` and newline, a backslash
 * outside quotes escapes the next character, `#` at the start of a word begins a comment.
 * Returns undefined for an unterminated quote or a trailing backslash.
 * @example shlexSplit(`git commit -m "a b"`) // ['git', 'commit', '-m', 'a b']
 */
export function shlexSplit(text: string): string[] | undefined {
  const out: string[] = [];
  let word: string | null = null;
  let i = 0;
  const n = text.length;
  const isBlank = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r';
  while (i < n) {
    const c = text[i];
    if (word === null) {
      if (isBlank(c)) {
        i++;
        continue;
      }
      if (c === '#') {
        while (i < n && text[i] !== '\n') i++;
        continue;
      }
      word = '';
    }
    if (isBlank(c)) {
      out.push(word);
      word = null;
      i++;
    } else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) return undefined;
      word += text.slice(i + 1, end);
      i = end + 1;
    } else if (c === '"') {
      i++;
      for (;;) {
        if (i >= n) return undefined;
        const d = text[i];
        if (d === '"') {
          i++;
          break;
        }
        if (d === '\\' && i + 1 < n && '$`"\\\n'.includes(text[i + 1])) {
          if (text[i + 1] !== '\n') word += text[i + 1];
          i += 2;
          continue;
        }
        word += d;
        i++;
      }
    } else if (c === '\\') {
      if (i + 1 >= n) return undefined;
      if (text[i + 1] !== '\n') word += text[i + 1];
      i += 2;
    } else {
      word += c;
      i++;
    }
  }
  if (word !== null) out.push(word);
  return out;
}

/**
 * Joins words back into one shell-safe string (for labels and witnesses).
 * @example shlexJoin(['git', 'commit', '-m', 'a b']) // "git commit -m 'a b'"
 */
export function shlexJoin(words: readonly string[]): string {
  return words.map((w) => (w !== '' && /^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'"'"'`)}'`)).join(' ');
}
