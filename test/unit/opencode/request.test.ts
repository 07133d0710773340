import { strict as assert } from 'assert';
import { opencode } from '../../../shared/dialects/opencode';
import { parseRequestsFile } from '../../../shared/requests/parse';

const read = (req: unknown) => parseRequestsFile('x.requests.json', JSON.stringify({ requests: [{ name: 'r', ...(req as object) }] }, null, 1), opencode).requests[0];

describe('opencode: request validation', () => {
  it('reads a valid request', () => {
    const r = read({ action: 'edit', resources: ['a', ''], agent: 'plan', saved: [{ action: 'edit', resource: 'x' }] });
    assert.deepEqual(r.request, { action: 'edit', resources: ['a', ''], agent: 'plan', saved: [{ action: 'edit', resource: 'x' }] });
  });
  it('missing resources is rejected', () => {
    const r = read({ action: 'edit' });
    assert.equal(r.request, undefined);
    assert.match(r.findings[0].message, /missing "resources"/);
    assert.equal(r.findings[0].code, 'request-invalid');
  });
  it('a string instead of an array is rejected at the value', () => {
    const r = read({ action: 'edit', resources: 'a' });
    assert.equal(r.request, undefined);
    assert.match(r.findings[0].message, /must be an array of strings, found a string/);
    assert.equal(r.findings[0].range.start.line, 5);
  });
  it('non-string entries are rejected at the entry', () => {
    const r = read({ action: 'edit', resources: ['a', 3, null] });
    assert.equal(r.request, undefined);
    assert.equal(r.findings.filter((f) => /entries must be strings/.test(f.message)).length, 2);
  });
  it('[] is legal and flagged empty-resources', () => {
    const r = read({ action: 'edit', resources: [] });
    assert.deepEqual(r.request, { action: 'edit', resources: [] });
    assert.equal(r.findings[0].code, 'empty-resources');
    assert.equal(r.findings[0].severity, 'warning');
  });
  it('unknown fields are reported', () => {
    const r = read({ action: 'edit', resources: ['a'], resource: 'a' });
    assert.equal(r.request, undefined);
    assert.match(r.findings[0].message, /unknown field "resource"/);
  });
});
