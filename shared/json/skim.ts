/**
 * Finding one value's place in a large strict-JSON text without building its syntax tree: a lens
 * per rule needs the place of each rule of a 5,000-rule list, and the tree of the whole file costs
 * twice its parse. The text must be one `JSON.parse` accepted with no repeated key (what the fast
 * path reads); anything else may give nonsense.
 */

/**
 * Just past the string whose opening quote is at `at` (the text's end when it never closes).
 * @example stringEnd('"a\\"b" x', 0) // 6
 */
export function stringEnd(text: string, at: number): number {
  let j = at;
  for (;;) {
    j = text.indexOf('"', j + 1);
    if (j < 0) return text.length;
    let k = j - 1;
    while (text.charCodeAt(k) === 92 /* \ */) k--;
    // An even run of backslashes escapes nothing: this quote ends the string.
    if ((j - 1 - k) % 2 === 0) return j + 1;
  }
}

/**
 * The first position at or after `at` that is not JSON whitespace.
 * @example skipWs(' \n 1', 0) // 3
 */
export function skipWs(text: string, at: number): number {
  let i = at;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10 || c === 13 || c === 9) i++;
    else return i;
  }
}

/**
 * Just past the value that starts at `at` (no whitespace before it).
 * @example skimEnd('{"a": [1, 2]} ', 0) // 13
 */
export function skimEnd(text: string, at: number): number {
  const c = text.charCodeAt(at);
  if (c === 34) return stringEnd(text, at);
  if (c === 123 || c === 91) {
    let depth = 0;
    for (let i = at; i < text.length; i++) {
      const d = text.charCodeAt(i);
      if (d === 34) i = stringEnd(text, i) - 1;
      else if (d === 123 || d === 91) depth++;
      else if ((d === 125 || d === 93) && --depth === 0) return i + 1;
    }
    return text.length;
  }
  // A number, true, false or null: up to the next delimiter.
  let i = at;
  for (; i < text.length; i++) {
    const d = text.charCodeAt(i);
    if (d === 44 || d === 93 || d === 125 || d === 32 || d === 10 || d === 13 || d === 9) break;
  }
  return i;
}

/**
 * Where the value of member `key` of the object at `at` starts, or -1 (the first such member: the
 * caller knows the key is not repeated).
 * @example memberAt('{"a": 1, "b": [2]}', 0, 'b') // 14
 */
export function memberAt(text: string, at: number, key: string): number {
  if (text.charCodeAt(at) !== 123) return -1;
  let i = skipWs(text, at + 1);
  while (text.charCodeAt(i) === 34) {
    const keyEnd = stringEnd(text, i);
    const raw = text.slice(i + 1, keyEnd - 1);
    const name = raw.includes('\\') ? (JSON.parse(text.slice(i, keyEnd)) as string) : raw;
    i = skipWs(text, skipWs(text, keyEnd) + 1);
    if (name === key) return i;
    i = skipWs(text, skimEnd(text, i));
    if (text.charCodeAt(i) !== 44) return -1;
    i = skipWs(text, i + 1);
  }
  return -1;
}

/** Where element `index` of the array at `at` starts, or -1. */
function elementAt(text: string, at: number, index: number): number {
  const b = elementBounds(text, at);
  return 2 * index < b.length ? b[2 * index] : -1;
}

/**
 * Where the value at `path` (object keys, array indices) starts, or -1 when the path leads nowhere.
 * @example skimPath('{"a": [1, {"b": 2}]}', ['a', 1, 'b']) // 16
 */
export function skimPath(text: string, path: ReadonlyArray<string | number>): number {
  let at = skipWs(text, 0);
  for (const k of path) {
    at = typeof k === 'number' ? elementAt(text, at, k) : memberAt(text, at, k);
    if (at < 0) return -1;
  }
  return at;
}

/**
 * The elements of the array at `at`, as one flat list of each one's start and end in turn: a file
 * of thousands of rules keeps it as long as its rules, and a pair per element would be thousands
 * of arrays.
 * @example elementBounds('[ 1 , "a" ]', 0) // [2, 3, 6, 9]
 */
export function elementBounds(text: string, at: number): number[] {
  const out: number[] = [];
  if (text.charCodeAt(at) !== 91) return out;
  let i = skipWs(text, at + 1);
  if (text.charCodeAt(i) === 93) return out;
  for (;;) {
    const end = skimEnd(text, i);
    out.push(i, end);
    i = skipWs(text, end);
    if (text.charCodeAt(i) !== 44) return out;
    i = skipWs(text, i + 1);
  }
}
