import { strict as assert } from 'assert';
import { omp } from '../../../shared/dialects/omp';
import { parseRequestsFile } from '../../../shared/requests/parse';

const parse = (req: Record<string, unknown>) => parseRequestsFile('a.requests.json', JSON.stringify({ requests: [{ name: 'r', ...req }] }, null, 1), omp).requests[0];

describe('omp requests', () => {
  it('reads command, mode, tool and userApproval', () => {
    assert.deepEqual(parse({ command: 'ls', mode: 'write', tool: 'bash', userApproval: { bash: 'deny' } }).request, { command: 'ls', mode: 'write', tool: 'bash', userApproval: { bash: 'deny' } });
    assert.deepEqual(parse({ tool: 'read' }).request, { command: '', tool: 'read' });
  });
  it('rejects unknown and ill-typed fields with ranges', () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{}, /missing "command"/],
      [{ command: 3 }, /"command" must be a string/],
      [{ command: 'ls', mode: 'auto' }, /"mode" must be one of/],
      [{ command: 'ls', tool: 1 }, /"tool" must be/],
      [{ command: 'ls', userApproval: { bash: 'ask' } }, /write "prompt"/],
      [{ command: 'ls', userApproval: [] }, /"userApproval" must be an object/],
      [{ command: 'ls', cwd: '/' }, /unknown field "cwd"/],
    ];
    for (const [req, msg] of cases) {
      const r = parse(req);
      assert.equal(r.request, undefined, JSON.stringify(req));
      assert.equal(r.findings[0].code, 'request-invalid');
      assert.match(r.findings[0].message, msg);
      assert.ok(r.findings[0].range.start.line >= 0);
    }
  });
  it('accepts prompt as an expectation word', () => {
    const r = parse({ command: 'ls', expect: 'prompt' });
    assert.equal(r.expect?.decision, 'prompt');
  });
});
