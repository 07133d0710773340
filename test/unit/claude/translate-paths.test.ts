import { strict as assert } from 'assert';
import { claudePathSpecifier, pathDifferences } from '../../../shared/dialects/claude/translate-paths';
import { translateFromLastMatch } from '../../../shared/dialects/claude/translate';
import { opencodePattern } from '../../../shared/dialects/opencode/pattern';

const lm = (...rules: Array<[string, 'allow' | 'ask' | 'deny']>) => rules.map(([p, decision], index) => ({ pattern: opencodePattern(p), decision, index }));

describe('translate: Claude Code path semantics against OpenCode\'s', () => {
  it('a bare Edit(.env) matches config/.env in Claude Code but OpenCode\'s .env is the root file only', () => {
    const d = pathDifferences('edit', lm(['*', 'allow'], ['.env', 'deny']), [{ specifier: '.env', decision: 'deny', k: 0 }, { specifier: '**', decision: 'allow', k: 1 }], 'ask');
    assert.ok(d.some((x) => x.witness === 'config/.env' && x.lastMatch === 'allow' && x.tiered === 'deny'), JSON.stringify(d));
  });

  it('the root-anchored translation agrees with OpenCode on the nested .env', () => {
    const d = pathDifferences('edit', lm(['*', 'allow'], ['.env', 'deny']), [{ specifier: claudePathSpecifier('.env'), decision: 'deny', k: 0 }, { specifier: '**', decision: 'allow', k: 1 }], 'ask');
    assert.ok(!d.some((x) => x.witness === 'config/.env'), JSON.stringify(d));
  });

  it('a folder rule covers what is inside it in Claude Code only', () => {
    const d = pathDifferences('edit', lm(['.env', 'deny']), [{ specifier: '/.env', decision: 'deny', k: 0 }], 'ask');
    assert.deepEqual(d.map((x) => [x.witness, x.lastMatch, x.tiered]), [['.env/inner', 'ask', 'deny']]);
  });

  it('specifiers: anchored at the root, whole-segment stars cross folders', () => {
    assert.equal(claudePathSpecifier('.env'), '/.env');
    assert.equal(claudePathSpecifier('./docs/a.md'), '/docs/a.md');
    assert.equal(claudePathSpecifier('secrets/*'), '/secrets/**');
    assert.equal(claudePathSpecifier('src/*.ts'), '/src/**/*.ts');
  });

  it('translateFromLastMatch reports the path flip as a difference, never equivalent', () => {
    const t = translateFromLastMatch([
      { action: 'edit', pattern: opencodePattern('*'), decision: 'allow' },
      { action: 'edit', pattern: opencodePattern('secrets/*'), decision: 'deny' },
      { action: 'edit', pattern: opencodePattern('secrets/public/*'), decision: 'allow' },
    ]);
    assert.equal(t.equivalent, false);
    assert.ok(t.differences.some((d) => d.action === 'edit' && d.witness.startsWith('secrets/public/') && d.lastMatch === 'allow' && d.tiered === 'deny'), JSON.stringify(t.differences));
  });
});
