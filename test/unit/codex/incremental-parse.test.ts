import { strict as assert } from 'assert';
import fc from 'fast-check';
import { warmEqualsCold } from '../../helpers/incremental-property';
import { initStarlarkParser, parseCodex } from '../../../shared/dialects/codex';
import { forgetStarlarkDocuments, MAX_KEPT_DOCUMENTS, textEdits } from '../../../shared/dialects/codex/starlark-parser';
import type { CodexRuleSet } from '../../../shared/dialects/codex/types';

const PATH = '/home/u/.codex/rules/default.rules';

/** Everything a parse reports, positions included (the source's own caches left out). */
const view = (rs: CodexRuleSet) => ({
  rules: rs.rules,
  findings: rs.findings,
  examples: rs.examples,
  unmodelled: rs.unmodelled,
  loadErrors: rs.loadErrors,
  rejectedBy: rs.rejectedBy,
  ownRequests: rs.ownRequests,
  hosts: [...rs.hostExecutables],
});

const cold = (text: string) => view(parseCodex({ path: PATH, text }, {}, { reuse: false }));
const warm = (text: string) => view(parseCodex({ path: PATH, text }));

const word = fc.constantFrom('git', 'ls', 'npm', 'run', 'é', '日本', '😀x', 'a b', '', 'sub');
const str = word.map((w) => JSON.stringify(w));
const token = fc.oneof(str, fc.array(str, { minLength: 0, maxLength: 3 }).map((xs) => `[${xs.join(', ')}]`), fc.constantFrom('X', 'Y', '1', 'None'));
const pattern = fc.array(token, { minLength: 0, maxLength: 4 }).map((xs) => `[${xs.join(', ')}]`);
const decision = fc.constantFrom('"allow"', '"prompt"', '"forbidden"', '"nope"', 'None');

/** Top-level statements of the kinds rule files hold, and some they should not. */
const statement = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(pattern, decision, fc.boolean(), fc.boolean()).map(([p, d, ex, just]) => `prefix_rule(pattern = ${p}, decision = ${d}${ex ? `, match = [${p === '[]' ? '"x"' : '"git run"'}], not_match = ["ls -l"]` : ''}${just ? ', justification = "why"' : ''})`) },
  { weight: 1, arbitrary: fc.tuple(pattern, decision).map(([p, d]) => `prefix_rule(${p}, ${d})`) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('X', 'Y'), pattern).map(([n, p]) => `${n} = ${p}`) },
  { weight: 1, arbitrary: str.map((s) => `for t in [${s}, "b"]:\n    prefix_rule(pattern = [t, X], decision = "prompt")`) },
  { weight: 1, arbitrary: fc.constantFrom('# a comment', '', 'host_executable(name = "git", paths = ["/usr/bin/git"])', 'if True:\n    pass', 'prefix_rule(pattern = ["a"], pattern = ["b"])', 'print("x")', 'X += ["more"]') },
);
const file = fc.array(statement, { minLength: 0, maxLength: 12 }).map((xs) => `${xs.join('\n')}\n`);

/** An edit a person might make: a statement swapped, added or removed, or characters typed or deleted anywhere. */
const edit = fc.oneof(
  fc.tuple(fc.nat(), statement).map(([i, s]) => (t: string) => {
    const lines = t.split('\n');
    lines[i % lines.length] = s;
    return lines.join('\n');
  }),
  fc.tuple(fc.nat(), statement).map(([i, s]) => (t: string) => {
    const lines = t.split('\n');
    lines.splice(i % (lines.length + 1), 0, s);
    return lines.join('\n');
  }),
  fc.tuple(fc.nat(), fc.nat({ max: 3 })).map(([i, n]) => (t: string) => {
    const lines = t.split('\n');
    lines.splice(i % (lines.length + 1), n);
    return lines.join('\n');
  }),
  fc.tuple(fc.nat(), fc.nat({ max: 6 }), fc.constantFrom('', '"', '(', ')', ',', ' ', '\n', 'x', 'é', '😀', '[', ']', '#')).map(([i, del, ins]) => (t: string) => {
    const at = i % (t.length + 1);
    return t.slice(0, at) + ins + t.slice(at + del);
  }),
);

describe('codex: the incremental parse equals a parse from scratch', () => {
  before(initStarlarkParser);
  beforeEach(forgetStarlarkDocuments);

  it('over random edits of random files: rules, findings, examples and every range', () => {
    warmEqualsCold(file, edit, warm, cold, 150, 8);
  });

  it('two files edited in turn each keep their own tree', () => {
    const a = 'prefix_rule(pattern = ["ls"], decision = "allow")\n';
    const b = 'X = ["git"]\nprefix_rule(pattern = X, decision = "prompt")\n';
    const other = '/home/u/.codex/rules/other.rules';
    for (let k = 0; k < 3; k++) {
      const ta = a.repeat(k + 1);
      const tb = b + 'prefix_rule(pattern = ["npm"])\n'.repeat(k);
      assert.deepStrictEqual(warm(ta), cold(ta));
      assert.deepStrictEqual(view(parseCodex({ path: other, text: tb })), view(parseCodex({ path: other, text: tb }, {}, { reuse: false })));
    }
  });

  it('more files than are kept: the oldest is parsed from scratch again, alike', () => {
    const texts = Array.from({ length: MAX_KEPT_DOCUMENTS + 2 }, (_, i) => `prefix_rule(pattern = ["t${i}"], decision = "allow")\n`);
    for (let round = 0; round < 2; round++) {
      texts.forEach((t, i) => {
        const path = `/home/u/.codex/rules/f${i}.rules`;
        const edited = t + `prefix_rule(pattern = ["r${round}"])\n`;
        assert.deepStrictEqual(view(parseCodex({ path, text: edited })), view(parseCodex({ path, text: edited }, {}, { reuse: false })));
      });
    }
  });

  it('a rule changed here and another there are two edits, not everything between them', () => {
    const lines = Array.from({ length: 100 }, (_, i) => `prefix_rule(pattern = ["t${i}"], decision = "allow")`);
    const old = `${lines.join('\n')}\n`;
    const changed = [...lines];
    changed[10] = changed[10].replace('allow', 'prompt');
    changed[90] = changed[90].replace('"t90"', '"t90", "x"');
    const next = `${changed.join('\n')}\n`;
    const edits = textEdits(old, next);
    assert.equal(edits.length, 2);
    // Last first, each on one line.
    assert.deepEqual(edits.map((e) => [e.startPosition.row, e.oldEndPosition.row, e.newEndPosition.row]), [[90, 91, 91], [10, 11, 11]]);
    assert.deepStrictEqual(warm(old), cold(old));
    assert.deepStrictEqual(warm(next), cold(next));
  });
});
