import { strict as assert } from 'assert';
import * as fs from 'fs';
import { MAX_LINE_BYTES } from '../../../shared/history/lines';
import { redactValue } from '../../../shared/history/redact';
import { Deduper } from '../../../shared/history/dedupe';
import { historyRequestsFile } from '../../../shared/history/stored';
import { claude } from '../../../shared/dialects/claude';
import { historyFile, readAll, toolResult, toolUse } from './helpers';

describe('history: hostile and broken input', () => {
  it('a line over the limit is skipped with its number, without holding it; the lines around it are read', async () => {
    const f = historyFile('s.jsonl', []);
    const fd = fs.openSync(f, 'w');
    fs.writeSync(fd, JSON.stringify(toolUse('a', 'Bash', { command: 'ls' })) + '\n');
    const big = 'x'.repeat(1024 * 1024);
    fs.writeSync(fd, '{"type":"user","pad":"');
    for (let i = 0; i <= MAX_LINE_BYTES / big.length; i++) fs.writeSync(fd, big);
    fs.writeSync(fd, '"}\n' + JSON.stringify(toolResult('a', 'ok')) + '\n');
    fs.closeSync(fd);
    const { calls, errors } = await readAll(f);
    assert.deepEqual(errors.map((e) => [e.line, /longer than 16 MB/.test(e.message)]), [[2, true]]);
    assert.deepEqual(calls.map((c) => [c.command, c.outcome]), [['ls', 'approved']]);
  });

  it('tool_use blocks without id or name, non-array content, strange inputs: errors or skips, never a crash', async () => {
    const f = historyFile('s.jsonl', [
      { type: 'assistant', message: { content: [{ type: 'tool_use', name: 'Bash', input: { command: 'ls' } }] } },
      { type: 'assistant', message: { content: 'text only' } },
      { type: 'assistant', message: { content: [null, 3, 'x', { type: 'tool_use', id: 'b', name: 'Bash', input: 'not an object' }] } },
      { type: 'user', message: { content: [{ type: 'tool_result', tool_use_id: 'b', content: [{ type: 'text', text: 'ok' }] }, { type: 'tool_result', tool_use_id: 'nobody' }] } },
      { type: 'assistant', message: { content: [{ type: 'tool_use', id: 'c', name: 'Bash', input: { command: 42 } }] } },
      { type: 'assistant', message: { content: [{ type: 'tool_use', id: '__proto__', name: 'Read', input: { file_path: '/p/a', __proto__: { polluted: true } } }] } },
      '"just a string"',
      'null',
    ]);
    const { calls, errors } = await readAll(f);
    assert.deepEqual(errors.map((e) => e.line), [1, 7, 8]);
    assert.deepEqual(calls.map((c) => [c.tool, c.command ?? c.path ?? JSON.stringify(c.input), c.outcome]), [
      ['Bash', '{}', 'approved'],
      ['Bash', '{"command":42}', 'unknown'],
      ['Read', '/p/a', 'unknown'],
    ]);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it('secrets nested deeper than the walk limit are dropped, not kept', () => {
    let deep: unknown = 'TOKEN=abc';
    for (let i = 0; i < 100; i++) deep = { x: deep };
    const r = redactValue({ input: deep });
    assert.equal(r.changed, true);
    assert.doesNotMatch(JSON.stringify(r.value), /abc/);
  });

  it('names stay unique and short whatever the calls look like', () => {
    const d = new Deduper();
    const long = `echo ${'y'.repeat(500)}`;
    for (const cmd of [long, `${long} `, `${long}\n`]) d.add({ format: 'claude-hook', tool: 'Bash', command: cmd, outcome: 'approved', file: 'f', line: 1 });
    const doc = JSON.parse(historyRequestsFile(d.entries(), claude.history!, null).text);
    const names = doc.requests.map((r: { name: string }) => r.name);
    assert.equal(new Set(names).size, 3);
    assert.ok(names.every((n: string) => n.length <= 84));
  });

  it('a file of binary garbage yields errors per line and no calls', async () => {
    const f = historyFile('s.jsonl', []);
    fs.writeFileSync(f, Buffer.from([0xff, 0xfe, 0x00, 0x0a, 0x80, 0x81, 0x0a, 0x7b, 0x0a]));
    const { calls, errors } = await readAll(f);
    assert.equal(calls.length, 0);
    assert.deepEqual(errors.map((e) => e.line), [1, 2, 3]);
  });
});
