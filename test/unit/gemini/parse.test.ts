import { strict as assert } from 'assert';
import { parseGemini, tierOf } from '../../../shared/dialects/gemini';
import { prefixPattern } from '../../../shared/dialects/gemini/parse';
import { unsafeRegexReason } from '../../../shared/dialects/gemini/regex-safety';

const parse = (text: string, path = '/home/u/.gemini/policies/p.toml') => parseGemini({ path, text }, { home: '/home/u' });

describe('gemini: reading policy files', () => {
  it('rules keep exact ranges, arrays expand, mcpName qualifies the tool', () => {
    const rs = parse('[[rule]]\ntoolName = ["read_file", "glob"]\ndecision = "allow"\npriority = 10\n\n[[rule]]\ntoolName = "*"\nmcpName = "gh"\ndecision = "deny"\npriority = 5\n');
    assert.deepEqual(rs.rules.map((r) => r.toolName), ['read_file', 'glob', 'mcp_gh_*']);
    assert.deepEqual(rs.rules[1].at.toolName, { start: { line: 1, character: 25 }, end: { line: 1, character: 31 } });
    assert.deepEqual(rs.rules[2].range.start, { line: 5, character: 0 });
  });

  it('order: descending effective priority, load order among equals', () => {
    const rs = parse('[[rule]]\ntoolName = "a"\ndecision = "allow"\npriority = 1\n[[rule]]\ntoolName = "b"\ndecision = "deny"\npriority = 9\n[[rule]]\ntoolName = "c"\ndecision = "deny"\npriority = 1\n');
    assert.deepEqual(rs.ordered.map((r) => r.toolName), ['b', 'a', 'c']);
  });

  it('tiers by location', () => {
    assert.equal(tierOf('/home/u/.gemini/policies/a.toml', { home: '/home/u' }), 'user');
    assert.equal(tierOf('/etc/gemini-cli/policies/a.toml'), 'admin');
    assert.equal(tierOf('/work/repo/.gemini/policies/a.toml', { home: '/home/u' }), 'workspace');
    assert.equal(tierOf('/home/u/.gemini/extensions/x/policies/a.toml', { home: '/home/u' }), 'extension');
  });

  it('a TOML error drops the file and points at the error', () => {
    const rs = parse('[[rule]]\ntoolName = \n');
    assert.equal(rs.dropped, true);
    assert.match(rs.findings[0].message, /TOML syntax error/);
    assert.ok(rs.findings[0].range.start.line >= 1);
  });

  it('a schema error anywhere drops the whole file, each error at its key', () => {
    const rs = parse('[[rule]]\ntoolName = "a"\ndecision = "allow"\npriority = 1\n[[rule]]\ntoolName = "b"\ndecision = "maybe"\npriority = 1\n');
    assert.equal(rs.dropped, true);
    assert.deepEqual(rs.findings[0].range.start, { line: 6, character: 11 });
  });

  it('commandPrefix compiles to a word-boundary pattern over the JSON', () => {
    const re = new RegExp(prefixPattern('git log'));
    assert.ok(re.test('{\u0000"command":"git log -1"\u0000}'));
    assert.ok(re.test('{\u0000"command":"git log"\u0000}'));
    assert.ok(!re.test('{\u0000"command":"git logout"\u0000}'));
  });

  it("Gemini's regex safety check", () => {
    assert.match(unsafeRegexReason('(a+)+')!, /nested/);
    assert.match(unsafeRegexReason('([a-z]*)*')!, /nested/);
    assert.equal(unsafeRegexReason('(a|b)c+'), null);
    assert.match(unsafeRegexReason('a'.repeat(2049))!, /2048/);
    assert.match(unsafeRegexReason('(')!, /invalid/);
  });

  it('commandPrefix = [] makes no rule, and says so', () => {
    const rs = parse('[[rule]]\ntoolName = "run_shell_command"\ncommandPrefix = []\ndecision = "deny"\npriority = 1\n');
    assert.equal(rs.rules.length, 0);
    assert.equal(rs.findings[0].code, 'never-matches');
  });
});
