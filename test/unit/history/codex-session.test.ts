import { strict as assert } from 'assert';
import { commandLine, patchFiles } from '../../../shared/history/codex-session';
import { historyFile, readAll } from './helpers';

const rec = (type: string, payload: object, timestamp = '2026-11-02T10:00:00.000Z') => ({ timestamp, type, payload });

describe('history: Codex CLI rollouts', () => {
  it('shell calls, apply_patch files and other tools, paired with their outputs by call_id', async () => {
    const patch = '*** Begin Patch\n*** Update File: src/a.ts\n@@\n-a\n+b\n*** Add File: docs/new.md\n+x\n*** End Patch';
    const f = historyFile('rollout-2026-11-02T10-00-00-abc.jsonl', [
      rec('session_meta', { id: 's', cwd: '/p', originator: 'codex_cli_rs' }),
      rec('turn_context', { cwd: '/p', approval_policy: 'on-request', sandbox_policy: { mode: 'workspace-write' }, model: 'm' }),
      rec('response_item', { type: 'function_call', name: 'shell', arguments: JSON.stringify({ command: ['bash', '-lc', 'npm test'], workdir: '/p' }), call_id: 'c1' }),
      rec('event_msg', { type: 'exec_command_end', call_id: 'c1', exit_code: 0 }),
      rec('response_item', { type: 'function_call_output', call_id: 'c1', output: JSON.stringify({ output: 'ok', metadata: { exit_code: 0 } }) }),
      rec('response_item', { type: 'function_call', name: 'shell', arguments: JSON.stringify({ command: ['git', 'push', '--force', 'origin main'] }), call_id: 'c2' }),
      rec('response_item', { type: 'function_call_output', call_id: 'c2', output: 'exec command rejected by user' }),
      rec('response_item', { type: 'custom_tool_call', name: 'apply_patch', input: patch, call_id: 'c3' }),
      rec('response_item', { type: 'custom_tool_call_output', call_id: 'c3', output: 'patch rejected by user' }),
      rec('response_item', { type: 'local_shell_call', call_id: 'c4', status: 'completed', action: { type: 'exec', command: ['ls', '-la'], working_directory: '/p/src' } }),
      rec('response_item', { type: 'function_call_output', call_id: 'c4', output: { content: 'total 0' } }),
      rec('response_item', { type: 'function_call', name: 'github__get_issue', arguments: '{"n": 1}', call_id: 'c5' }),
      rec('response_item', { type: 'function_call', name: 'shell_command', arguments: '{"command": "make"}', call_id: 'c6' }),
      rec('response_item', { type: 'function_call_output', call_id: 'c6', output: 'This action was rejected due to unacceptable risk. Reason: x' }),
      rec('response_item', { type: 'message', role: 'assistant', content: [] }),
      { timestamp: 't', type: 'response_item', payload: 'broken' },
    ]);
    const { calls, errors } = await readAll(f);
    assert.deepEqual(errors.map((e) => [e.line, e.message]), [[16, 'a response_item record without an object "payload"']]);
    assert.deepEqual(calls.map((c) => [c.format, c.tool, c.command ?? c.path ?? JSON.stringify(c.input), c.outcome, c.denial ?? null, c.cwd]), [
      ['codex-session', 'Bash', 'npm test', 'approved', null, '/p'],
      ['codex-session', 'Bash', "git push --force 'origin main'", 'denied', 'user-rejected', '/p'],
      ['codex-session', 'Edit', '/p/src/a.ts', 'denied', 'user-rejected', '/p'],
      ['codex-session', 'Edit', '/p/docs/new.md', 'denied', 'user-rejected', '/p'],
      ['codex-session', 'Bash', 'ls -la', 'approved', null, '/p/src'],
      ['codex-session', 'Bash', 'make', 'denied', 'guardian', '/p'],
      ['codex-session', 'github__get_issue', '{"n":1}', 'unknown', null, '/p'],
    ]);
  });

  it('command vectors and patch bodies', () => {
    assert.equal(commandLine(['bash', '-lc', 'a && b']), 'a && b');
    assert.equal(commandLine(['echo', "it's"]), `echo 'it'\\''s'`);
    assert.equal(commandLine([1, 2]), undefined);
    assert.deepEqual(patchFiles('*** Update File: a\n*** Move to: b\n*** Delete File: c\n*** Update File: a'), ['a', 'b', 'c']);
  });
});
