import { strict as assert } from 'assert';
import { checkRuleFile } from '../../../shared/check/check-file';
import { parseOpencode } from '../../../shared/dialects/opencode/parse';

/**
 * The lints and the coverage analysis keep per-pattern records in slots on the pattern objects
 * (not weak tables): a rule that holds those patterns must still serialize as before, with no
 * trace of the records (they point back at the patterns).
 */
describe('OpenCode pattern slots', () => {
  const text = JSON.stringify({ permissions: [{ action: 'edit', resource: 'src/*', effect: 'allow' }, { action: 'bash', resource: 'git *', effect: 'allow' }, { action: 'edit', resource: 'src/*', effect: 'deny' }] });

  it('a checked file keeps its records on its patterns, and its rules still serialize as a fresh parse does', () => {
    const rep = checkRuleFile('/slots/opencode.json', { readFile: (p) => (p === '/slots/opencode.json' ? text : undefined), exists: () => false }, {});
    const rule = rep.ruleSet!.rules[0] as unknown as { resourcePattern: { notes?: unknown; shapes?: unknown } };
    assert.ok(rule.resourcePattern.notes !== undefined, 'the lints kept notes on the pattern');
    assert.ok(rule.resourcePattern.shapes !== undefined, 'the analysis kept shapes on the pattern');
    const fresh = parseOpencode({ path: '/other/opencode.json', text }, {});
    assert.deepStrictEqual(JSON.parse(JSON.stringify(rep.ruleSet!.rules)), JSON.parse(JSON.stringify(fresh.rules)));
  });
});
