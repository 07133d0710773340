import { strict as assert } from 'assert';
import { appendRequestText, storedNames } from '../../../client/requests/requests-text';

const req = { name: 'new', origin: 'synthetic', action: 'edit', resources: ['a'] };

describe('client: saving a request into a requests file', () => {
  it('a blank file gets a fresh skeleton', () => {
    assert.deepEqual(JSON.parse(appendRequestText('', req)), { requests: [req] });
  });
  it('existing requests keep their exact bytes (copied requests must stay as captured)', () => {
    const text = '{\n  // captured\n  "requests": [\n    {"name": "old",  "origin": "copied", "resources": ["x" , "y"]}\n  ]\n}\n';
    const out = appendRequestText(text, req);
    const lastOld = text.indexOf('"y"]}') + '"y"]}'.length;
    assert.equal(out.slice(0, lastOld), text.slice(0, lastOld), 'everything up to the last old request is unchanged');
    assert.equal(out.slice(out.lastIndexOf('\n  ]')), text.slice(text.lastIndexOf('\n  ]')), 'and so is the closing text');
    assert.ok(out.includes('// captured'));
    assert.deepEqual([...storedNames(out)], ['old', 'new']);
  });
  it('an empty requests array and CRLF files', () => {
    const out = appendRequestText('{\r\n  "requests": []\r\n}\r\n', req, '\r\n');
    assert.deepEqual([...storedNames(out)], ['new']);
    assert.ok(!/[^\r]\n/.test(out), 'line ends stay CRLF');
  });
  it('a file without "requests" gets one', () => {
    assert.deepEqual([...storedNames(appendRequestText('{"rules": "opencode.json"}', req))], ['new']);
  });
});
