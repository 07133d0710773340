import { strict as assert } from 'assert';
import { evaluateClaude, initShellParser, lintClaude, parseClaude } from '../../../shared/dialects/claude';

const parse = (permissions: object) => parseClaude({ path: '/proj/.claude/settings.json', text: JSON.stringify({ permissions }) });
const broad = (permissions: object, requests?: Array<{ name: string; request: unknown }>) => {
  const rs = parse(permissions);
  return lintClaude(rs, { requests }).filter((f) => f.code === 'broad-catch-all').map((f) => ({ ...f, rule: rs.rules[f.data!.ruleIndex as number].text }));
};

describe('claude: broad-catch-all', () => {
  before(async () => {
    await initShellParser();
  });

  it('an allow matching every call of its tool is a warning; narrower allows and deny/ask rules are not', () => {
    const fs = broad({
      allow: ['Bash', 'Bash(*)', 'Read', 'Edit(**)', 'WebFetch', 'WebFetch(domain:*)', 'mcp__srv', 'Bash(ls *)', 'Read(./docs/**)', 'mcp__srv__one', 'WebFetch(domain:example.com)'],
      deny: ['Bash(*)'],
      ask: ['Read'],
    });
    assert.deepEqual(fs.map((f) => f.rule), ['Bash', 'Bash(*)', 'Read', 'Edit(**)', 'WebFetch', 'WebFetch(domain:*)', 'mcp__srv']);
    assert.ok(fs.every((f) => f.severity === 'warning'));
  });

  it('names the deny/ask rules that still take precedence, and only those about the same tool', () => {
    const permissions = { allow: ['Bash'], deny: ['Bash(rm *)', 'Read(./.env)'], ask: ['Bash(git push *)', 'WebFetch'] };
    const [f] = broad(permissions);
    const texts = (f.data!.precedence as number[]).map((i) => parse(permissions).rules[i].text);
    assert.deepEqual(texts, ['Bash(rm *)', 'Bash(git push *)'], 'the deny and ask on Bash');
    assert.match(f.message, /"Bash\(rm \*\)" \(deny\), "Bash\(git push \*\)" \(ask\)/);
    assert.equal(f.related!.length, 2);
    const [e] = broad({ allow: ['Edit(**)'], deny: ['Read(./.env)'], ask: ['Read(./docs/**)'] });
    assert.match(e.message, /"Read\(\.\/\.env\)" \(deny\)/, 'a Read deny also blocks edits');
    assert.doesNotMatch(e.message, /docs/, 'a Read ask does not');
    const [m] = broad({ allow: ['mcp__srv'], deny: ['mcp__srv__drop', 'mcp__other'] });
    assert.match(m.message, /mcp__srv__drop/);
    assert.doesNotMatch(m.message, /mcp__other/);
    const [w] = broad({ allow: ['WebFetch'] });
    assert.match(w.message, /no deny or ask rule takes precedence/);
  });

  it('names the stored requests it decides, as the evaluator decides them', () => {
    const permissions = { allow: ['Bash'], deny: ['Bash(rm *)'] };
    const requests = [
      { name: 'list', request: { tool: 'Bash', command: 'ls -la' } },
      { name: 'remove', request: { tool: 'Bash', command: 'rm -rf build' } },
      { name: 'read', request: { tool: 'Read', path: 'a.txt' } },
    ];
    const [f] = broad(permissions, requests);
    assert.deepEqual(f.data!.requests, ['list']);
    assert.match(f.message, /stored request "list"/);
    const rs = parse(permissions);
    assert.equal(evaluateClaude(rs, requests[0].request).rule?.index, f.data!.ruleIndex);
  });
});
