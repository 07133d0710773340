import { strict as assert } from 'assert';
import { claude } from '../../../shared/dialects/claude';
import { opencode } from '../../../shared/dialects/opencode';
import { suggestWord } from '../../../shared/requests/fields';
import { claudeToolProblem } from '../../../shared/dialects/claude/request-checks';
import { parseRequestsFile } from '../../../shared/requests/parse';

const parse = (dialect: typeof opencode | typeof claude, requests: unknown[]) => parseRequestsFile('x.requests.json', JSON.stringify({ requests }, null, 1), dialect);
const TEXT_OF = (file: ReturnType<typeof parse>, line: number) => JSON.stringify({ requests: [{ name: 'a', action: 'edit', resources: ['x'], expected: 'deny' }] }, null, 1).split('\n')[line];
const errors = (file: ReturnType<typeof parse>) => file.findings.filter((f) => f.severity === 'error').map((f) => f.message);

describe('requests: misspelt fields and values get a suggestion', () => {
  it('suggestWord: case, small edits and a longer word', () => {
    assert.equal(suggestWord('expected', ['name', 'expect']), 'expect');
    assert.equal(suggestWord('expcet', ['name', 'expect']), 'expect');
    assert.equal(suggestWord('bash', ['Bash', 'Read']), 'Bash');
    assert.equal(suggestWord('resource', ['action', 'resources']), 'resources');
    assert.equal(suggestWord('Bash', ['Bash']), undefined, 'an exact word needs no suggestion');
    assert.equal(suggestWord('zzz', ['name', 'expect']), undefined);
    assert.equal(suggestWord('ex', ['expect']), undefined, 'too short to guess');
  });

  it('"expected" suggests "expect" and the request is invalid, never a silent pass', () => {
    const file = parse(opencode, [{ name: 'a', action: 'edit', resources: ['x'], expected: 'deny' }]);
    assert.deepEqual(errors(file), ['unknown field "expected" — did you mean "expect"? (without it the request checks nothing)']);
    assert.equal(file.requests[0].request, undefined);
    const { start, end } = file.findings[0].range;
    assert.equal(start.line, end.line);
    assert.equal(TEXT_OF(file, start.line).slice(start.character, end.character), '"expected"', 'on the key');
  });

  it('"resource" suggests "resources"; an unrelated key keeps the list of fields', () => {
    const file = parse(opencode, [{ name: 'a', action: 'edit', resources: ['x'], resource: 'y', colour: 1 }]);
    const msgs = errors(file);
    assert.ok(msgs.includes('unknown field "resource" — did you mean "resources"?'), msgs.join('\n'));
    assert.ok(msgs.some((m) => m.startsWith('unknown field "colour" for an opencode request (expected action, resources')), msgs.join('\n'));
  });

  it('a misspelt expect word suggests the right one', () => {
    const file = parse(opencode, [{ name: 'a', action: 'edit', resources: ['x'], expect: 'alow' }]);
    assert.match(errors(file)[0], /"expect" decision must be one of "allow", "ask", "deny" — did you mean "allow"\?/);
  });

  it('a mis-cased Claude Code tool is an error naming the real tool; the request is not run', () => {
    const file = parse(claude, [{ name: 'a', tool: 'bash', command: 'npm test', expect: 'allow' }]);
    assert.deepEqual(errors(file), ['unknown tool "bash": Claude Code\'s tool names are case-sensitive — did you mean "Bash"?']);
    assert.equal(file.requests[0].request, undefined);
  });

  it('an unknown Claude Code tool is a warning (newer tools exist); MCP tools and known tools pass', () => {
    const file = parse(claude, [
      { name: 'a', tool: 'Shell', command: 'ls' },
      { name: 'b', tool: 'mcp__github__create_issue', input: {} },
      { name: 'c', tool: 'WebFetch', url: 'https://example.com' },
      { name: 'd', tool: 'Reed', path: 'a' },
    ]);
    const byName = (n: string) => file.requests.find((r) => r.name === n)!;
    assert.equal(byName('a').findings[0].severity, 'warning');
    assert.notEqual(byName('a').request, undefined);
    assert.deepEqual(byName('b').findings, []);
    assert.deepEqual(byName('c').findings, []);
    assert.match(byName('d').findings[0].message, /did you mean "Read"\?/);
  });

  it('claudeToolProblem explains MCP naming', () => {
    assert.match(claudeToolProblem('MCP__srv__x') ?? '', /mcp__server__tool/);
  });
});
