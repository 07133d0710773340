import { strict as assert } from 'assert';
import fc from 'fast-check';
import { gitdirOf, OBJECT_FORMAT_SETTING, WORKTREE_SETTING } from '../../../server/git/repository';
import { propertyRuns } from '../../helpers/runs';

const RUNS = propertyRuns(300);
const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c);
const isLineEnd = (c: string | undefined) => c !== undefined && '\n\r\u2028\u2029'.includes(c);
const isLineStart = (t: string, at: number) => at === 0 || isLineEnd(t[at - 1]);

/**
 * Where `^\s*word` (multiline, `\s` crossing line ends) can start for a `word` at `at`: the line
 * starts inside the whitespace run before it, nearest the start of the text first.
 */
function lineStartsBefore(t: string, at: number, atLeastOne: boolean): number[] {
  const out: number[] = [];
  for (let q = atLeastOne ? at - 1 : at; q >= 0 && (q === at || isSpace(t[q])); q--) if (isLineStart(t, q)) out.unshift(q);
  return out;
}

/** The value of a setting `key = value` that starts a line (git config, read as the reader did). */
function settingAt(t: string, key: string): Array<{ start: number; value: string | undefined }> {
  const out: Array<{ start: number; value: string | undefined }> = [];
  const lower = t.toLowerCase();
  for (let p = lower.indexOf(key); p >= 0; p = lower.indexOf(key, p + 1)) {
    let i = p + key.length;
    while (isSpace(t[i])) i++;
    if (t[i] !== '=') continue;
    i++;
    while (isSpace(t[i])) i++;
    let j = i;
    while (j < t.length && !isSpace(t[j])) j++;
    for (const start of lineStartsBefore(t, p, false)) out.push({ start, value: j > i ? t.slice(i, j) : undefined });
  }
  return out.sort((a, b) => a.start - b.start);
}

/** `gitdir:` then, past any whitespace (line ends too), the rest of the first line with text. */
function gitdirReference(t: string): string | undefined {
  for (let at = 0; at <= t.length; at++) {
    if (!isLineStart(t, at) || !t.startsWith('gitdir:', at)) continue;
    const rest = t.slice(at + 'gitdir:'.length);
    const k = [...rest].findIndex((c) => !isSpace(c));
    if (k >= 0) {
      let e = k;
      while (e < rest.length && !isLineEnd(rest[e])) e++;
      return rest.slice(k, e).trim();
    }
    // Only whitespace follows: a blank or space is still a value (empty), line ends alone are not.
    if ([...rest].some((c) => !isLineEnd(c))) return '';
  }
  return undefined;
}

const text = (pieces: string[]) => fc.array(fc.constantFrom(...pieces), { maxLength: 24 }).map((a) => a.join(''));
const SPACES = [' ', '\t', '\n', '\r', '\r\n', '\u2028', '\u00a0'];

describe('git: config and .git file lines are read the same on any text', () => {
  it('gitdirOf takes the first gitdir: line with text after it, past blank lines', () => {
    const cases: Array<[string, string | undefined]> = [
      ['gitdir: /repo/.git/worktrees/wt\n', '/repo/.git/worktrees/wt'],
      ['gitdir:/a  \n', '/a'],
      ['gitdir:\n\n  /later\nx', '/later'],
      ['gitdir: ', ''],
      ['gitdir:\n\n', undefined],
      ['gitdir:', undefined],
      ['x\ngitdir: b', 'b'],
      [' gitdir: b', undefined],
      ['gitdir:\n' + '\n'.repeat(5000), undefined],
      ['gitdir:' + ' \n'.repeat(5000), ''],
    ];
    for (const [t, want] of cases) assert.equal(gitdirOf(t), want, JSON.stringify(t.slice(0, 40)));
    fc.assert(fc.property(text(['gitdir:', 'x', '/p', ...SPACES]), (t) => assert.equal(gitdirOf(t), gitdirReference(t), JSON.stringify(t))), { numRuns: RUNS });
  });

  it('a worktree setting counts only where it starts a line (after any whitespace), in any case', () => {
    const cases: Array<[string, boolean]> = [
      ['[core]\n\tworktree = /w\n', true],
      ['[core]\nWorkTree=/w', true],
      ['[core]\n\n\n  worktree\n=', true],
      ['[core]\n\tbare = false\n', false],
      ['x worktree = /w', false],
      ['\n'.repeat(5000) + 'x', false],
      [' '.repeat(5000) + 'worktree', false],
    ];
    for (const [t, want] of cases) assert.equal(WORKTREE_SETTING.test(t), want, JSON.stringify(t.slice(0, 40)));
    fc.assert(fc.property(text(['worktree', 'WORKTREE', '=', 'x', ...SPACES]), (t) => assert.equal(WORKTREE_SETTING.test(t), settingAt(t, 'worktree').length > 0, JSON.stringify(t))), { numRuns: RUNS });
  });

  it('the object format is the value of the first objectformat line that has one', () => {
    const cases: Array<[string, string | undefined]> = [
      ['[extensions]\n\tobjectformat = sha256\n', 'sha256'],
      ['[extensions]\n\tobjectFormat=\n\nsha1', 'sha1'],
      ['x objectformat = a\nobjectformat = b', 'b'],
      ['objectformat =\n', undefined],
      ['\n'.repeat(5000) + 'objectformat', undefined],
    ];
    for (const [t, want] of cases) assert.equal(OBJECT_FORMAT_SETTING.exec(t)?.[1], want, JSON.stringify(t.slice(0, 40)));
    fc.assert(
      fc.property(text(['objectformat', 'ObjectFormat', '=', 'x', 'y', ...SPACES]), (t) => {
        assert.equal(OBJECT_FORMAT_SETTING.exec(t)?.[1], settingAt(t, 'objectformat').find((s) => s.value !== undefined)?.value, JSON.stringify(t));
      }),
      { numRuns: RUNS },
    );
  });
});
