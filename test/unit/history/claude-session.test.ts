import { strict as assert } from 'assert';
import { historyFile, readAll, toolResult, toolUse } from './helpers';

describe('history: Claude Code session files', () => {
  it('pairs each tool_use with its tool_result and reads command, file_path, url and MCP names', async () => {
    const f = historyFile('s.jsonl', [
      { type: 'summary', summary: 'x', leafUuid: 'u' },
      toolUse('t1', 'Bash', { command: 'npm test', description: 'tests' }),
      toolUse('t2', 'Edit', { file_path: '/p/src/a.ts', old_string: 'a', new_string: 'b' }),
      toolResult('t1', 'ok'),
      toolResult('t2', 'edited'),
      toolUse('t3', 'WebFetch', { url: 'https://nodejs.org/api', prompt: 'x' }),
      toolResult('t3', 'page'),
      toolUse('t4', 'mcp__github__get_issue', { number: 3 }),
      toolResult('t4', '{}'),
    ]);
    const { calls, errors } = await readAll(f);
    assert.deepEqual(errors, []);
    assert.deepEqual(
      calls.map((c) => [c.tool, c.command ?? c.path ?? c.url ?? c.input, c.outcome, c.cwd, c.line]),
      [
        ['Bash', 'npm test', 'approved', '/p', 2],
        ['Edit', '/p/src/a.ts', 'approved', '/p', 3],
        ['WebFetch', 'https://nodejs.org/api', 'approved', '/p', 6],
        ['mcp__github__get_issue', { number: 3 }, 'approved', '/p', 8],
      ],
    );
  });

  it('reads denials: user rejections, rule denials and toolDenialKind; a failed command still ran', async () => {
    const f = historyFile('s.jsonl', [
      toolUse('a', 'Bash', { command: 'npm publish' }),
      toolResult('a', "The user doesn't want to proceed with this tool use. The tool use was rejected.", true),
      toolUse('b', 'Bash', { command: 'rm -rf build' }),
      toolResult('b', 'Permission to use Bash with command rm -rf build has been denied.', true),
      toolUse('c', 'Read', { file_path: '/etc/shadow' }),
      toolResult('c', 'File is in a directory that is denied by your permission settings.', true),
      toolUse('d', 'Bash', { command: 'git push' }),
      toolResult('d', 'blocked', true, { toolDenialKind: 'automode-blocked' }),
      toolUse('e', 'Bash', { command: 'npm test' }),
      toolResult('e', 'Exit code 1\nFAIL', true),
      toolUse('f', 'Bash', { command: 'sleep 100' }),
      toolResult('f', '[Request interrupted by user for tool use]', true),
    ]);
    const { calls } = await readAll(f);
    assert.deepEqual(
      calls.map((c) => [c.command ?? c.path, c.outcome, c.denial ?? null]),
      [
        ['npm publish', 'denied', 'user-rejected'],
        ['rm -rf build', 'denied', 'permission-rule'],
        ['/etc/shadow', 'denied', 'permission-rule'],
        ['git push', 'denied', 'automode-blocked'],
        ['npm test', 'approved', null],
        ['sleep 100', 'unknown', 'interrupted'],
      ],
    );
  });

  it('an input error (checked before permissions) is unknown; the session\'s permission mode is kept', async () => {
    const f = historyFile('s.jsonl', [
      { type: 'user', permissionMode: 'acceptEdits', message: { role: 'user', content: 'go' } },
      toolUse('a', 'Edit', { file_path: '/p/missing.txt', old_string: 'a', new_string: 'b' }),
      toolResult('a', '<tool_use_error>File does not exist.</tool_use_error>', true),
      toolUse('b', 'Read', { file_path: '/etc/x' }),
      toolResult('b', '<tool_use_error>File is in a directory that is denied by your permission settings.</tool_use_error>', true),
    ]);
    const { calls } = await readAll(f);
    assert.deepEqual(calls.map((c) => [c.path, c.outcome, c.denial, c.mode]), [
      ['/p/missing.txt', 'unknown', 'invalid-input', 'acceptEdits'],
      ['/etc/x', 'denied', 'permission-rule', 'acceptEdits'],
    ]);
  });

  it('a call whose result never came is reported with outcome unknown', async () => {
    const { calls } = await readAll(historyFile('s.jsonl', [toolUse('x', 'Bash', { command: 'ls' })]));
    assert.deepEqual(calls.map((c) => [c.command, c.outcome]), [['ls', 'unknown']]);
  });

  it('a malformed line is an error with its line number; the rest of the file is still read', async () => {
    const f = historyFile('s.jsonl', [toolUse('x', 'Bash', { command: 'ls' }), '{"type": "user", "message": {', toolResult('x', 'ok'), '[1,2]', '{"no_type": true}', '', toolUse('y', 'Bash', { command: 'pwd' }), toolResult('y', 'ok')]);
    const { calls, errors } = await readAll(f);
    assert.deepEqual(calls.map((c) => [c.command, c.outcome]), [['ls', 'approved'], ['pwd', 'approved']]);
    assert.deepEqual(errors.map((e) => e.line), [2, 4, 5]);
    assert.match(errors[0].message, /^not JSON/);
    assert.match(errors[1].message, /not a JSON object/);
    assert.match(errors[2].message, /not a Claude Code session entry, hook input, Gemini CLI or Codex CLI record/);
  });

  it('CRLF line endings and a last line without a newline are read', async () => {
    const f = historyFile('s.jsonl', []);
    require('fs').writeFileSync(f, `${JSON.stringify(toolUse('x', 'Bash', { command: 'ls' }))}\r\n${JSON.stringify(toolResult('x', 'ok'))}`);
    const { calls, errors } = await readAll(f);
    assert.deepEqual(errors, []);
    assert.deepEqual(calls.map((c) => [c.command, c.outcome]), [['ls', 'approved']]);
  });
});
