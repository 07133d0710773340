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

  it('an allow of every call of a tool that changes things is a warning; outward tools are information; read-only tools and dead rules are not reported', () => {
    const fs = broad({
      allow: ['Bash', 'Bash(*)', 'Read', 'Edit(**)', 'WebFetch', 'WebFetch(domain:*)', 'mcp__srv', 'Bash(ls *)', 'Read(./docs/**)', 'mcp__srv__one', 'WebFetch(domain:example.com)', 'Glob', 'TodoWrite'],
      deny: ['Bash(*)'],
      ask: ['Read'],
    });
    // Bash and Bash(*) are dead (the deny `Bash(*)` is the bare tool's and takes all of it first) and
    // WebFetch(domain:*) is redundant beside WebFetch: those rules get their root cause instead.
    assert.deepEqual(fs.map((f) => [f.rule, f.severity]), [['Edit(**)', 'warning'], ['WebFetch', 'information'], ['mcp__srv', 'information']]);
  });

  it('names the deny/ask rules that still take precedence, and only those about the same tool', () => {
    const permissions = { allow: ['Bash'], deny: ['Bash(rm *)', 'Read(./.env)'], ask: ['Bash(git push *)', 'WebFetch'] };
    const [f] = broad(permissions);
    const texts = (f.data!.precedence as number[]).map((i) => parse(permissions).rules[i].text);
    assert.deepEqual(texts, ['Bash(rm *)', 'Bash(git push *)'], 'the deny and ask on Bash');
    assert.match(f.message, /except what 2 deny\/ask rules take first/);
    assert.deepEqual(f.related!.map((r) => r.message), ['deny: checked before this allow', 'ask: checked before this allow']);
    const [e] = broad({ allow: ['Edit(**)'], deny: ['Read(./.env)'], ask: ['Read(./docs/**)'] });
    assert.deepEqual((e.data!.precedence as number[]).length, 1, 'a Read deny also blocks edits; a Read ask does not');
    const [m] = broad({ allow: ['mcp__srv'], deny: ['mcp__srv__drop', 'mcp__other'] });
    assert.equal((m.data!.precedence as number[]).length, 1, 'only the deny about this server');
    const [w] = broad({ allow: ['WebFetch'] });
    assert.match(w.message, /no deny or ask rule takes any of it first/);
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
