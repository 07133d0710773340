import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as path from 'path';
import fc from 'fast-check';
import { parseTree, type Node, type ParseError } from 'jsonc-parser';
import { LONG_WHITESPACE, quietWhitespace } from '../../../shared/json/tree';
import { SourceText } from '../../../shared/model';
import { propertyRuns } from '../../helpers/runs';

const RUNS = propertyRuns(300);
const ROOT = path.join(__dirname, '..', '..', '..');
/** Peak memory parsing 8 MB of padding may add: the text's line index and copies, not a per-character token. */
const PADDING_PEAK_KB = 96 * 1024;

function shape(n: Node | undefined): unknown {
  if (!n) return null;
  return { t: n.type, o: n.offset, l: n.length, v: n.value, c: n.children?.map(shape) };
}

function parse(text: string): { tree: unknown; errors: ParseError[] } {
  const errors: ParseError[] = [];
  const tree = shape(parseTree(text, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true }));
  return { tree, errors };
}

describe('json: long whitespace reaches the parser as a comment', () => {
  it('the parse is identical, offsets and errors included, on random JSON-ish text with long runs', () => {
    const pad = fc.integer({ min: 0, max: 3 * LONG_WHITESPACE }).chain((n) => fc.array(fc.constantFrom(' ', '\t', '\n', '\r'), { minLength: n, maxLength: n }).map((a) => a.join('')));
    const token = fc.constantFrom('{', '}', '[', ']', ',', ':', '"a"', '"b c"', '"x\\"', '"\\\\"', '1', 'true', '//', '/*', '*/', '/', '*', '"', '\\', 'null', '"s\n', 'é');
    const text = fc.array(fc.oneof(token, pad), { maxLength: 30 }).map((a) => a.join(''));
    fc.assert(
      fc.property(text, (t) => {
        const quiet = quietWhitespace(t);
        assert.strictEqual(quiet.length, t.length);
        assert.deepStrictEqual(parse(quiet), parse(t));
      }),
      { numRuns: RUNS * 10 },
    );
  });

  it('a line comment ends at a lone CR, as the scanner ends it: what follows is read as it is', () => {
    // `//` then \r: the `/*` after it opens a block comment the padding must not close.
    const text = `// \r/*\n${' '.repeat(3 * LONG_WHITESPACE)}`;
    assert.deepStrictEqual(parse(quietWhitespace(text)), parse(text));
    assert.strictEqual(parse(text).errors.length, 1);
  });

  it('whitespace inside strings and comments is left alone', () => {
    const inString = `{"a": "${' '.repeat(100)}"}`;
    assert.strictEqual(quietWhitespace(inString), inString);
    const inComment = `// ${' '.repeat(100)}\n{}`;
    assert.strictEqual(quietWhitespace(inComment), inComment);
  });

  it('8 MB of padding: the same tree as without, at a stated peak memory (measured in a fresh process, not time)', () => {
    // jsonc-parser alone builds a whitespace token one character at a time: 8 MB of spaces cost ~300 MB.
    const script = `
      const { parseJson } = require(${JSON.stringify(path.join(ROOT, 'shared/json/tree.ts'))});
      // The process's own high-water mark: getrusage's maxRSS survives exec and would report the test runner's.
      const peakKb = () => { const m = /^VmHWM:\\s+(\\d+)/m.exec(require('fs').readFileSync('/proc/self/status', 'utf8')); return m ? Number(m[1]) : process.resourceUsage().maxRSS; };
      const body = '{"permissions": [{"action": "edit", "resource": "*", "effect": "deny"}]}';
      const padded = body.slice(0, -1) + ' '.repeat(8 * 1024 * 1024) + '}';
      const before = process.memoryUsage().rss;
      const doc = parseJson(padded);
      const rules = doc.root.children[0].children[1].children.length;
      process.stdout.write(JSON.stringify({ findings: doc.findings.length, rules, grownKb: peakKb() - Math.round(before / 1024) }));`;
    const out = JSON.parse(execFileSync(process.execPath, ['-r', 'tsx/cjs', '-e', script], { cwd: ROOT, encoding: 'utf8' }));
    assert.strictEqual(out.findings, 0);
    assert.strictEqual(out.rules, 1);
    assert.ok(out.grownKb < PADDING_PEAK_KB, `peak grew ${Math.round(out.grownKb / 1024)} MB while parsing`);
  });
});

describe('model: SourceText line index', () => {
  it('positions agree with a naive split on every line-break style', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'é', '\n', '\r', '\r\n', '😀'), { maxLength: 40 }).map((a) => a.join('')), (t) => {
        const src = new SourceText(t);
        for (let o = 0; o <= t.length; o++) {
          const before = t.slice(0, o);
          const lines = before.split(/\r\n|\r|\n/);
          // An offset between \r and \n belongs to the line the \r ends.
          if (before.endsWith('\r') && t[o] === '\n') continue;
          assert.deepStrictEqual(src.positionAt(o), { line: lines.length - 1, character: lines[lines.length - 1].length });
          assert.strictEqual(src.offsetAt(src.positionAt(o)), o);
        }
      }),
      { numRuns: RUNS },
    );
  });
});
