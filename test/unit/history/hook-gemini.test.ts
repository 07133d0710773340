import { strict as assert } from 'assert';
import { historyFile, readAll } from './helpers';

describe('history: Claude Code hook input lines', () => {
  it('PreToolUse is outcome unknown, PostToolUse approved; tool_input, cwd and permission_mode are kept', async () => {
    const base = { session_id: 's', transcript_path: '/t', cwd: '/p', permission_mode: 'acceptEdits', tool_use_id: 'x' };
    const f = historyFile('calls.jsonl', [
      { ...base, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'npm test' } },
      { ...base, hook_event_name: 'PostToolUse', tool_name: 'Write', tool_input: { file_path: '/p/a.md', content: 'x' }, tool_response: {} },
      { ...base, hook_event_name: 'UserPromptSubmit', prompt: 'hi' },
      { ...base, hook_event_name: 'PreToolUse' },
    ]);
    const { calls, errors } = await readAll(f);
    assert.deepEqual(calls.map((c) => [c.format, c.tool, c.command ?? c.path, c.outcome, c.mode, c.cwd]), [
      ['claude-hook', 'Bash', 'npm test', 'unknown', 'acceptEdits', '/p'],
      ['claude-hook', 'Write', '/p/a.md', 'approved', 'acceptEdits', '/p'],
    ]);
    // A prompt event is not a tool call (ignored); a tool event without its tool is an error.
    assert.deepEqual(errors.map((e) => [e.line, e.message]), [[4, 'a PreToolUse line without a string "tool_name"']]);
  });
});

describe('history: Gemini CLI chat records', () => {
  const meta = { sessionId: 'g', projectHash: 'h', startTime: '2026-11-01T00:00:00Z', lastUpdated: '2026-11-01T00:00:00Z', directories: ['/p'] };
  const call = (id: string, name: string, args: object, status: string, result?: unknown) => ({ id, name, args, status, timestamp: '2026-11-01T10:00:00Z', ...(result ? { result } : {}) });

  it('the latest record of a message wins; statuses map to outcomes; built-in tools take Claude Code names', async () => {
    const f = historyFile('session-2026-11-01T10-00-abcdefgh.jsonl', [
      meta,
      { id: 'm1', timestamp: 't', type: 'gemini', content: '', toolCalls: [call('c1', 'run_shell_command', { command: 'npm test' }, 'executing')] },
      { id: 'm1', timestamp: 't', type: 'gemini', content: '', toolCalls: [call('c1', 'run_shell_command', { command: 'npm test' }, 'success')] },
      { id: 'm2', timestamp: 't', type: 'gemini', content: '', toolCalls: [call('c2', 'run_shell_command', { command: 'git push -f' }, 'cancelled'), call('c3', 'write_file', { file_path: '/p/x.ts', content: '' }, 'error', [{ functionResponse: { response: { error: 'Tool execution denied by policy.' } } }]), call('c4', 'web_fetch', { prompt: 'summarise https://nodejs.org/api/fs.html please' }, 'success'), call('c5', 'my_mcp_tool', { q: 1 }, 'awaiting_approval')] },
      { $rewindTo: 'm2' },
    ]);
    const { calls, errors } = await readAll(f);
    assert.deepEqual(errors, []);
    assert.deepEqual(calls.map((c) => [c.tool, c.command ?? c.path ?? c.url ?? c.input, c.outcome, c.denial ?? null, c.cwd]), [
      ['Bash', 'npm test', 'approved', null, '/p'],
      ['Bash', 'git push -f', 'denied', 'user-rejected', '/p'],
      ['Write', '/p/x.ts', 'denied', 'policy', '/p'],
      ['WebFetch', 'https://nodejs.org/api/fs.html', 'approved', null, '/p'],
      ['my_mcp_tool', { q: 1 }, 'unknown', null, '/p'],
    ]);
  });

  it('an older whole-document session file (session-*.json) is read too', async () => {
    const f = historyFile('session-2026-01-01T10-00-abcdefgh.json', [{ ...meta, messages: [{ id: 'm', timestamp: 't', type: 'gemini', content: '', toolCalls: [call('c', 'read_file', { absolute_path: '/p/a.md' }, 'success')] }] }]);
    const { calls } = await readAll(f);
    assert.deepEqual(calls.map((c) => [c.tool, c.path, c.outcome]), [['Read', '/p/a.md', 'approved']]);
  });
});
