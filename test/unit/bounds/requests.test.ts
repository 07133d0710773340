import * as path from 'path';
import { SHARED_EXAMPLES } from '../../helpers/examples';
import { strict as assert } from 'assert';
import * as fs from 'fs';
import { boundsRules } from '../../../shared/dialects/bounds-rules';
import { parseRequestsFile } from '../../../shared/requests/parse';
import { runRequests } from '../../../shared/requests/run';
import { detectDialect } from '../../../shared/dialects';
import { rangeOfText } from './helpers';

const EXAMPLE = path.join(SHARED_EXAMPLES, 'bounds/.attesso');

describe('bounds-rules: stored requests and detection', () => {
  it('runs the shipped example requests: all pass', () => {
    const rs = boundsRules.parse({ path: `${EXAMPLE}/rules.json`, text: fs.readFileSync(`${EXAMPLE}/rules.json`, 'utf8') });
    const file = parseRequestsFile(`${EXAMPLE}/rules.requests.json`, fs.readFileSync(`${EXAMPLE}/rules.requests.json`, 'utf8'), boundsRules);
    assert.deepEqual(file.findings, []);
    const results = runRequests(boundsRules, rs, file);
    assert.deepEqual(results.map((r) => r.pass), [true, true, true]);
    assert.equal(results[0].verdict?.details.tainted_by, 1);
  });
  it('a wrong tainted_by or code fails with a clear mismatch', () => {
    const rs = boundsRules.parse({ path: 'rules.json', text: fs.readFileSync(`${EXAMPLE}/rules.json`, 'utf8') });
    const text = fs.readFileSync(`${EXAMPLE}/rules.requests.json`, 'utf8').replace('"tainted_by": 1', '"tainted_by": 2');
    const results = runRequests(boundsRules, rs, parseRequestsFile('r.requests.json', text, boundsRules));
    assert.equal(results[0].pass, false);
    assert.deepEqual(results[0].mismatches, ['tainted_by: expected 2, got 1']);
  });
  it('step fields are validated as request-invalid with exact ranges', () => {
    const text = `{"requests": [{"name": "x", "history": [{"action": "a", "subject": "s", "task": "t", "capability": "browse", "trust": "public", "at": "yesterday", "extra": 1}],
      "proposal": {"action": "a", "subject": 3, "task": "t", "capability": "send"}, "bogus": true}]}`;
    const file = parseRequestsFile('r.requests.json', text, boundsRules);
    const byMsg = (re: RegExp) => file.findings.find((f) => re.test(f.message));
    assert.deepEqual(byMsg(/unknown capability "browse"/)?.range, rangeOfText(text, '"browse"'));
    assert.deepEqual(byMsg(/unknown trust "public"/)?.range, rangeOfText(text, '"public"'));
    assert.deepEqual(byMsg(/"at" must be an ISO time/)?.range, rangeOfText(text, '"yesterday"'));
    assert.deepEqual(byMsg(/unknown field "extra"/)?.range, rangeOfText(text, '"extra"'));
    assert.deepEqual(byMsg(/"subject" must be a string/)?.range, rangeOfText(text, '3'));
    assert.deepEqual(byMsg(/unknown field "bogus"/)?.range, rangeOfText(text, '"bogus"'));
    assert.ok(file.findings.every((f) => f.code === 'request-invalid'));
    assert.equal(file.requests[0].request, undefined);
  });
  it('a missing proposal and a zone-less time are refused', () => {
    const file = parseRequestsFile('r.requests.json', '{"requests": [{"name": "x", "history": []}, {"name": "y", "proposal": {"action": "a", "subject": "s", "task": "t", "capability": "send", "at": "2026-11-29T10:00:00"}}]}', boundsRules);
    assert.ok(file.findings.some((f) => /missing "proposal"/.test(f.message)));
    assert.ok(file.findings.some((f) => /ISO time with a zone/.test(f.message)));
  });
  it('detects .attesso/rules.json, .attesso/paths.json and a rules.json by content only', () => {
    assert.equal(detectDialect({ path: '/p/.attesso/rules.json', text: '' })?.id, 'bounds-rules');
    assert.equal(detectDialect({ path: '/p/.attesso/paths.json', text: '' })?.id, 'bounds-paths');
    assert.equal(detectDialect({ path: '/p/conf/rules.json', text: '{"version": 1, "rules": [{"id": "a", "deny": {"all": true}, "max_steps": 3}]}' })?.id, 'bounds-rules');
    assert.equal(detectDialect({ path: '/p/conf/rules.json', text: '{"version": 2, "rules": [{"deny": {}}]}' }), undefined);
    assert.equal(detectDialect({ path: '/p/conf/rules.json', text: '{"version": 1, "rules": []}' }), undefined);
    assert.equal(detectDialect({ path: '/p/.attesso/rules.requests.json', text: '{}' }), undefined);
  });
});
