import { strict as assert } from 'assert';
import { editDistance, nearestWord } from '../../../shared/text/nearest-word';

describe('nearest word: the suggestion behind every "did you mean"', () => {
  it('counts a swap of two neighbours as one edit', () => {
    assert.equal(editDistance('expcet', 'expect', 2), 1);
    assert.equal(editDistance('kitten', 'sitting', 5), 3);
  });

  it('stops at max + 1 when the words are surely further apart', () => {
    assert.equal(editDistance('a', 'abcdefgh', 2), 3);
    assert.equal(editDistance('abcdef', 'uvwxyz', 2), 3);
  });

  it('picks the nearest within the limit, the first of equals, none past it', () => {
    assert.equal(nearestWord('commandPrefx', ['commandRegex', 'commandPrefix'], 2), 'commandPrefix');
    assert.equal(nearestWord('ab', ['ax', 'ay'], 1), 'ax');
    assert.equal(nearestWord('zzzz', ['decision', 'priority'], 3), undefined);
  });

  it('ignores case only when asked', () => {
    assert.equal(nearestWord('TOOLNAME', ['toolName'], 1), undefined);
    assert.equal(nearestWord('TOOLNAME', ['toolName'], 1, true), 'toolName');
  });
});
