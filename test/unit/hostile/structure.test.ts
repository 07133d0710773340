import * as assert from 'assert';
import { parseOpencode, evaluateOpencode } from '../../../shared/dialects/opencode';
import { DIALECTS } from '../../../shared/dialects';
import { SourceText } from '../../../shared/model';
import { duplicateKeyFindings, MAX_NESTING_DEPTH, parseJson } from '../../../shared/json/tree';
import { fileNameOf, assertFindings } from '../../fuzz/common';

const rulesText = (...rules: Array<[string, string, string]>) =>
  `{"permissions": [${rules.map(([a, r, e]) => `{"action": "${a}", "resource": "${r}", "effect": "${e}"}`).join(', ')}]}`;

describe('hostile input: document structure', () => {
  for (const depth of [MAX_NESTING_DEPTH + 1, 100_000]) {
    it(`nesting ${depth} deep: every dialect answers with a finding, none throws`, () => {
      for (const text of ['['.repeat(depth) + ']'.repeat(depth), '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)]) {
        for (const d of DIALECTS) {
          const rs = d.parse({ path: fileNameOf(d), text }, {});
          assertFindings(rs.findings, text, `${d.id} depth ${depth}`);
          // JSON files have a nesting limit; a YAML settings file nested deep is merely not a settings file.
          if (fileNameOf(d).endsWith('.json')) assert.ok(rs.findings.some((f) => f.severity === 'error'), `${d.id}: no error for ${depth}-deep nesting`);
          else assert.strictEqual(rs.rules.length, 0);
        }
      }
    });
  }

  it('nesting hidden behind a comment or string ended by a lone CR: a finding, not a stack overflow', () => {
    // The JSON scanner ends a line comment and an unterminated string at \r as at \n.
    for (const before of ['// note\r', '"open string\r', '/* a */ // b\r']) {
      const text = before + '['.repeat(100_000);
      for (const d of DIALECTS) {
        if (!fileNameOf(d).endsWith('.json')) continue;
        const rs = d.parse({ path: fileNameOf(d), text }, {});
        assertFindings(rs.findings, text, `${d.id} after ${JSON.stringify(before)}`);
        assert.ok(rs.findings.some((f) => f.message.includes(`nesting deeper than ${MAX_NESTING_DEPTH} levels`)), `${d.id} after ${JSON.stringify(before)}`);
      }
    }
  });

  it('duplicate keys: the last one decides, as JSON.parse does, and each repeat is flagged', () => {
    const text = `{"permissions": [{"action": "edit", "resource": "secrets/*", "effect": "deny", "effect": "allow"}],\n "permissions": [{"action": "edit", "resource": "*", "effect": "allow"}]}`;
    const rs = parseOpencode({ path: 'opencode.json', text }, { builtins: false });
    assert.deepStrictEqual(rs.rules.map((r) => r.label), ['edit * allow']);
    const doc = parseJson(text);
    const dups = duplicateKeyFindings(doc.source, doc.root);
    assert.deepStrictEqual(dups.map((f) => f.code).sort(), ['duplicate-key', 'duplicate-key']);
    assert.ok(rs.findings.some((f) => f.code === 'duplicate-key' && f.range.start.line === 1), 'the repeated "permissions" is flagged on its line');
    assert.ok(dups.every((f) => f.related?.length === 1));
  });

  it('a BOM is read past, and ranges still count it as one character', () => {
    const text = '\ufeff' + rulesText(['edit', 'secrets/*', 'deny']);
    const rs = parseOpencode({ path: 'opencode.json', text }, { builtins: false });
    assert.deepStrictEqual(rs.findings, []);
    assert.strictEqual(rs.rules[0].resourceRange.start.character, text.indexOf('"secrets/*"'));
    assert.strictEqual(evaluateOpencode(rs, { action: 'edit', resources: ['secrets/a'] }).decision, 'deny');
  });

  it('CRLF line ends: ranges on the right lines and columns', () => {
    const text = '{\r\n  "permissions": [\r\n    {"action": "edit", "resource": "docs/*", "effect": "allow"},\r\n    {"action": "edit", "resource": "secrets/*", "effect": "bogus"}\r\n  ]\r\n}\r\n';
    const rs = parseOpencode({ path: 'opencode.json', text }, { builtins: false });
    const lines = text.split('\r\n');
    const col = (line: number, s: string) => lines[line].indexOf(s);
    assert.deepStrictEqual(rs.rules[0].resourceRange, { start: { line: 2, character: col(2, '"docs/*"') }, end: { line: 2, character: col(2, '"docs/*"') + 8 } });
    const bad = rs.findings.find((f) => f.code === 'schema');
    assert.ok(bad);
    assert.deepStrictEqual(bad.range, { start: { line: 3, character: col(3, '"bogus"') }, end: { line: 3, character: col(3, '"bogus"') + 7 } });
    const src = new SourceText(text);
    assert.strictEqual(src.text.slice(src.offsetAt(bad.range.start), src.offsetAt(bad.range.end)), '"bogus"');
  });

  it('lone CR line ends count as line breaks too', () => {
    const text = '{\r"permissions": [\r{"action": "edit", "resource": "x", "effect": 1}]}';
    const rs = parseOpencode({ path: 'opencode.json', text }, { builtins: false });
    assert.strictEqual(rs.findings.find((f) => f.code === 'schema')?.range.start.line, 2);
  });

  it('NUL bytes in patterns and resources are ordinary characters', () => {
    const rs = parseOpencode({ path: 'opencode.json', text: rulesText(['edit', 'a\\u0000*', 'deny']) }, { builtins: false });
    assert.strictEqual(rs.rules[0].resource, 'a\0*');
    assert.strictEqual(evaluateOpencode(rs, { action: 'edit', resources: ['a\0b'] }).decision, 'deny');
    assert.strictEqual(evaluateOpencode(rs, { action: 'edit', resources: ['ab'] }).decision, 'ask');
    const raw = parseOpencode({ path: 'opencode.json', text: '{"permissions": [\0]}' }, { builtins: false });
    assert.ok(raw.findings.some((f) => f.severity === 'error'));
  });
});
