import { strict as assert } from 'assert';
import { requestFields, requestTemplate as templateOf, summarizeRequest, validateRequestText as validate } from '../../../client/requests/request-input';
import { dialectById } from '../../../shared/dialects';

// The editor gets each dialect's input help from the server; here it is taken from the dialect.
const inputOf = (d: string) => dialectById(d)?.vocabulary?.requestInput;
const requestTemplate = (d: string) => templateOf(inputOf(d));
const validateRequestText = (d: string, text: string) => validate(inputOf(d), text);

describe('client: typing a request', () => {
  it('every dialect\'s template is itself a valid request', () => {
    for (const d of ['opencode', 'claude', 'omp', 'bounds-rules', 'bounds-paths']) {
      assert.equal(validateRequestText(d, requestTemplate(d)), undefined, d);
    }
  });
  it('says what is wrong while typing, field by field', () => {
    assert.match(validateRequestText('opencode', '{"action": "edit"')!, /^Not JSON yet/);
    assert.equal(validateRequestText('opencode', '[1]'), 'A request is a JSON object');
    assert.match(validateRequestText('opencode', '{"action": "edit", "resources": "a"}')!, /"resources" must be an array of strings/);
    assert.match(validateRequestText('claude', '{"tool": "Bash"}')!, /one of "command", "path", "url" or "input"/);
    assert.match(validateRequestText('omp', '{"command": "ls", "mode": "ask"}')!, /always-ask, write or yolo/);
    assert.match(validateRequestText('bounds-rules', '{"history": []}')!, /"proposal" must be a step object/);
    assert.match(validateRequestText('bounds-paths', '{"tool": "file.read", "args": []}')!, /"args" must be an object/);
  });
  it('keeps only what the evaluator reads, and names requests briefly', () => {
    assert.deepEqual(requestFields({ name: 'x', expect: 'deny', origin: 'copied', action: 'edit', resources: [], platform: 'linux' }), { action: 'edit', resources: [], platform: 'linux' });
    assert.equal(summarizeRequest({ action: 'edit', resources: ['src/a.ts', 'b'] }), 'edit src/a.ts, b');
    assert.equal(summarizeRequest({ tool: 'Bash', command: 'x'.repeat(100) }).length, 58);
  });
});
