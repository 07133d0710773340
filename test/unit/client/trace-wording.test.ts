import { strict as assert } from 'assert';
import { detailItems, renderTracePage } from '../../../client/views/trace-html';
import type { Verdict } from '../../../shared/model';

/** A verdict where the deciding rule carries a note, another rule too, and details hold raw fields. */
const VERDICT: Verdict = {
  decision: 'deny', native: 'deny', code: null,
  rule: { index: 0, id: null, label: 'Read(./.env) deny' },
  details: { layer: null, failClosed: false, matchedView: 'as given', subCommands: ['ls', 'cat .env'] },
  trace: {
    dialect: 'claude',
    branch: 'deny tier: rule 1 matched first',
    notes: [],
    sections: [{
      kind: 'path', subject: 'config/.env', columns: ['tool', 'specifier'], controlling: 0, decision: 'deny', branch: 'deny tier: rule 1 matched first',
      rows: [
        { rule: 0, label: 'Read(./.env) deny', matches: [true, true], note: 'a Read deny also blocks edits' },
        { rule: 1, label: 'Edit(docs/**) allow', matches: [true, false], note: 'outside docs/' },
      ],
    }],
  },
} as unknown as Verdict;

function html(): string {
  return renderTracePage({ title: 'Trace', subtitle: 'x', canSave: false, cspSource: 'c', nonce: 'n', result: { ok: true, dialect: 'claude', verdict: VERDICT } });
}

describe('client: the trace page reads as words', () => {
  it('the deciding rule is never listed under rules that did not decide', () => {
    const page = html();
    assert.doesNotMatch(page, /Why rules did not apply/);
    const deciding = page.slice(page.indexOf('How the deciding rule applied'));
    assert.match(deciding, /^How the deciding rule applied<\/h2><ul class="notes"><li>rule 1 on <code>config\/.env<\/code>: a Read deny also blocks edits<\/li><\/ul>/);
    const others = page.slice(page.indexOf('Why other rules did not decide'));
    assert.match(others, /rule 2 on <code>config\/.env<\/code>: outside docs\//);
    assert.doesNotMatch(others, /rule 1 on/);
  });

  it('the branch is said once, without a "Branch:" label', () => {
    const page = html();
    assert.doesNotMatch(page, /Branch/);
    assert.strictEqual(page.split('deny tier: rule 1 matched first').length - 1, 1);
  });

  it('raw fields read as words; empty ones are left out', () => {
    assert.deepEqual(detailItems({ layer: null, failClosed: false, matchedView: 'as given', subCommands: ['ls', 'cat .env'], failOpen: true }), [
      '<li><b>matched view</b>: as given</li>',
      '<li><b>sub commands</b>: ls, cat .env</li>',
      '<li><b>fail open</b>: yes</li>',
    ]);
    assert.doesNotMatch(html(), /layer|failClosed|null/);
  });
});
