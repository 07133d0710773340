import { strict as assert } from 'assert';
import { requestsCandidates, ruleCandidates } from '../../../shared/requests/locate';
import { detectDialect } from '../../../shared/dialects';

describe('requests: beside the rules', () => {
  it('X.json ↔ X.requests.json(c)', () => {
    assert.deepEqual(requestsCandidates('/p/opencode.json'), ['/p/opencode.requests.json', '/p/opencode.requests.jsonc']);
    assert.deepEqual(requestsCandidates('/p/.attesso/rules.json'), ['/p/.attesso/rules.requests.json', '/p/.attesso/rules.requests.jsonc']);
    assert.equal(ruleCandidates('/p/.claude/settings.requests.json')[0], '/p/.claude/settings.json');
  });
  it('requests files are never taken for rule files', () => {
    assert.equal(detectDialect({ path: 'opencode.requests.json', text: '{"permission": "allow"}' }), undefined);
  });
  it('detects OpenCode by name and by content', () => {
    assert.equal(detectDialect({ path: 'a/opencode.jsonc', text: '' })?.id, 'opencode');
    assert.equal(detectDialect({ path: 'a/.opencode/opencode.json', text: '' })?.id, 'opencode');
    assert.equal(detectDialect({ path: 'a/custom.json', text: '{"$schema": "https://opencode.ai/config.json"}' })?.id, 'opencode');
    assert.equal(detectDialect({ path: 'a/package.json', text: '{"name": "x"}' }), undefined);
  });
});
