import { strict as assert } from 'assert';
import { claude, claudeMembers, parseClaude, parseClaudePolicy } from '../../../shared/dialects/claude';

const PATH = '/proj/.claude/settings.json';
const parse = (text: string) => parseClaude({ path: PATH, text }, { home: '/home/u' });
/** The exact source text a finding's range covers (single-line inputs). */
const covered = (text: string, f: { range: { start: { character: number }; end: { character: number } } }) => text.slice(f.range.start.character, f.range.end.character);

describe('claude: settings parsing', () => {
  it('unknown tool names are errors on the tool name, inside the string', () => {
    const text = '{"permissions":{"allow":["Bsh(ls *)"]}}';
    const [f] = parse(text).findings;
    assert.equal(f.code, 'schema');
    assert.equal(f.severity, 'error');
    assert.equal(covered(text, f), 'Bsh');
  });

  it('suggests the right case for a mis-cased tool', () => {
    const [f] = parse('{"permissions":{"deny":["bash(rm *)"]}}').findings;
    assert.match(f.message, /did you mean "Bash"/);
  });

  it('empty (), unbalanced parentheses and a middle ":*" are errors with exact ranges', () => {
    const text = '{"permissions":{"deny":["Bash()", "Bash(ls", "Bash(echo (a)", "Bash(npm:* test)"]}}';
    const fs = parse(text).findings;
    assert.deepEqual(fs.map((f) => covered(text, f)), ['()', '(ls', '(', ':*']);
    assert.ok(fs.every((f) => f.code === 'schema' && f.severity === 'error'));
  });

  it('ranges survive JSON escapes before the error', () => {
    const text = '{"permissions":{"deny":["Bash(echo \\"a\\" :* x)"]}}';
    const [f] = parse(text).findings;
    assert.equal(covered(text, f), ':*');
  });

  it('wrong types are schema errors at the value; never throws', () => {
    const text = '{"permissions":{"allow":"Bash","deny":[1, "Read(.env)"],"defaultMode":"yolo","additionalDirectories":"x"}}';
    const rs = parse(text);
    assert.deepEqual(rs.findings.map((f) => covered(text, f)), ['"Bash"', '1', '"yolo"', '"x"']);
    assert.equal(rs.rules.length, 1);
    for (const bad of ['', '[]', 'null', '{"permissions": 3}', '{"permissions":{"allow":[[]]}}', '{', '{"permissions":{"allow":["Bash(\\u0000)"]}}']) {
      assert.doesNotThrow(() => parse(bad));
    }
  });

  it('unknown keys under permissions are reported; defaultMode and manual are read', () => {
    const rs = parse('{"permissions":{"alow":[],"defaultMode":"manual"}}');
    assert.equal(rs.findings[0].severity, 'warning');
    assert.equal(rs.mode, 'default');
    assert.equal(parse('{"permissions":{"defaultMode":"dontAsk"}}').mode, 'dontAsk');
  });

  it('WebFetch needs domain:, MCP takes no specifier', () => {
    const fs = parse('{"permissions":{"allow":["WebFetch(example.com)", "mcp__gh(x)"]}}').findings;
    assert.equal(fs.length, 2);
    assert.match(fs[0].message, /domain:/);
  });

  it('rule order is deny…, ask…, allow… and labels name the tier', () => {
    const rs = parse('{"permissions":{"allow":["Bash(a *)"],"deny":["Bash(b *)"],"ask":["Bash(c *)"]}}');
    assert.deepEqual(rs.rules.map((r) => [r.index, r.label, r.scope]), [[0, 'Bash(b *) deny', 'project'], [1, 'Bash(c *) ask', 'project'], [2, 'Bash(a *) allow', 'project']]);
  });
});

describe('claude: layers', () => {
  const files: Record<string, string> = {
    '/proj/.claude/settings.json': '{"permissions":{"allow":["Bash(npm test)","Bash(rm -rf *)"],"defaultMode":"acceptEdits"}}',
    '/proj/.claude/settings.local.json': '{"permissions":{"deny":["Bash(rm -rf *)"],"allow":["Bash(npm test)"]}}',
    '/home/u/.claude/settings.json': '{"permissions":{"ask":["Bash(git push *)"],"defaultMode":"plan"}}',
  };
  const host = { readFile: (p: string) => files[p] };
  const ctx = { home: '/home/u', userSettings: { path: '/home/u/.claude/settings.json', text: files['/home/u/.claude/settings.json'] } };
  const main = { path: '/proj/.claude/settings.json', text: files['/proj/.claude/settings.json'] };
  const policy = (c: object = ctx) => parseClaudePolicy(main, claudeMembers(main, host, c), c);

  it('the policy of a project settings file is its sibling layer; user settings join only when named', () => {
    assert.deepEqual(claudeMembers(main, host, ctx).map((m) => [m.path, m.layer, m.text !== undefined]), [['/proj/.claude/settings.local.json', 'local settings', true]]);
    assert.deepEqual(policy().members!.map((m) => m.layer), ['local settings', 'project settings', 'user settings']);
    assert.deepEqual(policy({ home: '/home/u' }).members!.map((m) => m.layer), ['local settings', 'project settings']);
  });

  it('merges: a deny in any layer wins, scope names the layer, mode by precedence', () => {
    const rs = policy();
    assert.deepEqual(rs.rules.map((r) => `${r.index} ${r.label} [${r.scope}]`), [
      '0 Bash(rm -rf *) deny [local]', '1 Bash(git push *) ask [user]',
      '2 Bash(npm test) allow [local]', '3 Bash(npm test) allow [project]', '4 Bash(rm -rf *) allow [project]',
    ]);
    assert.equal(rs.mode, 'acceptEdits');
    assert.equal(rs.path, '/proj/.claude/settings.json');
    const v = claude.evaluate(rs, { tool: 'Bash', command: 'rm -rf x' });
    assert.equal(v.decision, 'deny');
    assert.equal(v.details.layer, 'local');
  });

  it('lint on the merged set reports duplicates and dead allows of the primary file', () => {
    const rs = policy({ home: '/home/u' });
    const codes = claude.lint!(rs).map((f) => `${f.code} ${rs.rules[f.data!.ruleIndex as number].text}`);
    assert.ok(codes.includes('duplicate-rule Bash(npm test)'));
    assert.ok(codes.includes('dead-rule Bash(rm -rf *)'));
  });
});

describe('claude: detection', () => {
  it('by name', () => {
    assert.equal(claude.detect({ path: 'a/.claude/settings.json', text: '' }), 10);
    assert.equal(claude.detect({ path: 'a/.claude/settings.local.json', text: '' }), 10);
    assert.equal(claude.detect({ path: '/etc/claude-code/managed-settings.json', text: '' }), 10);
  });
  it('by content', () => {
    assert.ok(claude.detect({ path: 'x.json', text: '{"permissions":{"allow":["Bash(ls *)","mcp__gh"]}}' }) > 0);
    assert.equal(claude.detect({ path: 'x.json', text: '{"permissions":{"allow":[{"x":1}]}}' }), 0);
    assert.equal(claude.detect({ path: 'opencode.json', text: '{"permission":{"bash":"ask"}}' }), 0);
  });
});
