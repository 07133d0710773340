import { strict as assert } from 'assert';
import fc from 'fast-check';
import { warmEqualsCold } from '../../helpers/incremental-property';
import { forgetGeminiParses, parseGemini } from '../../../shared/dialects/gemini/parse';
import { readPolicyToml } from '../../../shared/dialects/gemini/policy-toml';
import type { GeminiRuleSet } from '../../../shared/dialects/gemini/types';
import { readToml } from '../../../shared/toml/tree';

const PATH = '/home/u/.gemini/policies/p.toml';
const CTX = { home: '/home/u' };

/** Everything a parse reports, ranges included; a compiled pattern by what it is, and how it answers. */
const view = (rs: GeminiRuleSet) => ({
  rules: rs.rules.map((r) => ({ ...r, argsPattern: r.argsPattern && { source: r.argsPattern.source, undecidable: r.argsPattern.undecidable, git: r.argsPattern.test('{"command":"git status"}') } })),
  ordered: rs.ordered.map((r) => r.index),
  findings: rs.findings,
  dropped: rs.dropped,
  tier: rs.tier,
});

const cold = (text: string) => view(parseGemini({ path: PATH, text }, CTX, { reuse: false }));
const warm = (text: string) => view(parseGemini({ path: PATH, text }, CTX));

const q = (s: string) => JSON.stringify(s);
const field = fc.oneof(
  fc.constantFrom('read_file', 'run_shell_command', '*', '', 'glob').map((t) => `toolName = ${q(t)}`),
  fc.constantFrom('toolName = ["read_file", "glob"]', 'toolName = 3'),
  fc.constantFrom('git', 'git status', 'npm run', '', 'é x').map((p) => `commandPrefix = ${q(p)}`),
  fc.constantFrom('commandPrefix = ["git", "ls"]', 'commandPrefix = []'),
  fc.constantFrom('git .*', '(a+)+', '(', 'ls\\b', '^x$').map((r) => `commandRegex = ${q(r)}`),
  fc.constantFrom('"path":"src/', '(', 'a|b').map((r) => `argsPattern = ${q(r)}`),
  fc.constantFrom('allow', 'deny', 'ask_user', 'maybe').map((d) => `decision = ${q(d)}`),
  fc.constantFrom('1', '999', '1000', '-1', '2.5', '"3"').map((p) => `priority = ${p}`),
  fc.constantFrom('mcpName = "gh"', 'modes = ["yolo"]', 'modes = ["nope"]', 'interactive = true', 'pathPattern = "x"', 'denyMessage = "no"', '# a comment', ''),
);
const table = fc.array(field, { minLength: 0, maxLength: 6 }).map((fs) => `[[rule]]\n${fs.join('\n')}\n`);
/** Now and then a shape read whole: another header, a subtable, a multi-line string, keys before the tables. */
const odd = fc.constantFrom('[other]\nx = 1\n', '[rule.sub]\nx = 1\n', 'x = 1\n', 'denyMessage = """\n[[rule]]\n"""\n', '# header comment\n', '  [[rule]]  # indented\ntoolName = "a"\ndecision = "allow"\npriority = 1\n', '[[ rule ]]\n');
const file = fc.array(fc.oneof({ weight: 8, arbitrary: table }, { weight: 1, arbitrary: odd }), { minLength: 0, maxLength: 8 }).map((xs) => xs.join('\n'));

const edit = fc.oneof(
  fc.tuple(fc.nat(), table).map(([i, t]) => (text: string) => {
    const parts = text.split('[[rule]]');
    parts.splice(1 + (i % parts.length), 0, t.slice('[[rule]]'.length));
    return parts.join('[[rule]]');
  }),
  fc.tuple(fc.nat(), field).map(([i, f]) => (text: string) => {
    const lines = text.split('\n');
    lines[i % lines.length] = f;
    return lines.join('\n');
  }),
  fc.tuple(fc.nat(), fc.nat({ max: 8 }), fc.constantFrom('', '"', '[', ']', '=', ' ', '\n', 'x', 'é', '[[rule]]\n', '#', '1')).map(([i, del, ins]) => (text: string) => {
    const at = i % (text.length + 1);
    return text.slice(0, at) + ins + text.slice(at + del);
  }),
);

describe('gemini: a parse reusing the last one equals a parse from scratch', () => {
  beforeEach(forgetGeminiParses);

  it('the table-by-table read equals reading the file whole: values, every node, errors', () => {
    fc.assert(
      fc.property(file, fc.array(edit, { maxLength: 6 }), (start, edits) => {
        let text = start;
        assert.deepStrictEqual(readPolicyToml('k', text), readToml(text));
        for (const e of edits) {
          text = e(text);
          assert.deepStrictEqual(readPolicyToml('k', text), readToml(text));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('over random edits: rules, their order, findings and ranges', () => {
    warmEqualsCold(file, edit, warm, cold, 200, 6);
  });

  it('a table moved keeps its value and gets its new ranges', () => {
    const a = '[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = "git"\ndecision = "allow"\npriority = 5\n';
    const b = '[[rule]]\ntoolName = "read_file"\ndecision = "deny"\npriority = 7\n';
    assert.deepStrictEqual(warm(a + b), cold(a + b));
    const moved = warm(`# moved\n${b}\n${a}`);
    assert.deepStrictEqual(moved, cold(`# moved\n${b}\n${a}`));
    assert.deepEqual(moved.rules.map((r) => [r.toolName, r.range.start.line]), [['read_file', 1], ['run_shell_command', 6]]);
  });
});
