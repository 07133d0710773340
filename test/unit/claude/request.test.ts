import { strict as assert } from 'assert';
import { execFileSync } from 'child_process';
import { join } from 'path';
import { parseJson } from '../../../shared/json/tree';
import { claude } from '../../../shared/dialects/claude';

const read = (text: string) => {
  const doc = parseJson(text);
  const res = claude.readRequest(doc.root!, doc.source);
  return { ...res, covered: res.findings.map((f) => text.slice(doc.source.offsetAt(f.range.start), doc.source.offsetAt(f.range.end))) };
};

describe('claude: requests', () => {
  it('reads tool, subject, mode and cwd; skips the generic fields', () => {
    const r = read('{"name":"x","origin":"copied","expect":"allow","tool":"Bash","command":"ls","mode":"manual","cwd":"sub"}');
    assert.deepEqual(r.findings, []);
    assert.deepEqual(r.request, { tool: 'Bash', command: 'ls', mode: 'default', cwd: 'sub' });
  });

  it('reports unknown and ill-typed fields on their exact range, and does not run the request', () => {
    const r = read('{"tool":"Bash","comand":"ls","mode":"yolo","cwd":3}');
    assert.equal(r.request, undefined);
    assert.deepEqual(r.covered, ['"comand"', '"yolo"', '3']);
    assert.ok(r.findings.every((f) => f.code === 'request-invalid' && f.severity === 'error'));
  });

  it('needs a tool, and only one subject', () => {
    assert.deepEqual(read('{"command":"ls"}').findings.map((f) => f.message.slice(0, 15)), ['missing "tool" ']);
    assert.deepEqual(read('{"tool":"Read","path":"a","url":"b"}').covered, ['"b"']);
    assert.deepEqual(read('{"tool":"Bash","input":[]}').covered, ['[]']);
  });

  it('describes requests in one line', () => {
    assert.equal(claude.describeRequest({ tool: 'Bash', command: 'npm test', mode: 'plan' }), 'Bash(npm test) [plan]');
  });

  it('before the shell parser is loaded, Bash fails closed and denies still apply', () => {
    const script = join(__dirname, '../../fixtures/claude/no-parser.ts');
    const out = JSON.parse(execFileSync(process.execPath, ['--require', 'tsx/cjs', script], { cwd: join(__dirname, '../../..'), encoding: 'utf8' }));
    assert.deepEqual(out.map((o: { decision: string }) => o.decision), ['ask', 'deny', 'deny', 'deny']);
    assert.ok(out[0].notes.some((n: string) => n.includes('not loaded')));
  });
});
