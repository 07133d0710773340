/**
 * An integer with its thousands grouped by commas, as `toLocaleString('en-US')` writes it, without
 * the locale machinery: the first `toLocaleString` of a process loads ICU's data (about 5 ms), and
 * messages built when a module loads paid that on every start of the CLI.
 * @example thousands(100000) // '100,000'
 */
export function thousands(n: number): string {
  if (!Number.isSafeInteger(n)) return String(n);
  const digits = String(Math.abs(n));
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ',';
    out += digits[i];
  }
  return n < 0 ? `-${out}` : out;
}
