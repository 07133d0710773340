import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { evaluateRequest } from '../../../server/service/evaluate';
import { nearMissCutNote } from '../../../shared/trace/near-miss';
import { open, service } from './helpers';
import { ample, spent } from './spent-deadline';

describe('language service: rulelens/evaluate under a budget', () => {
  function setup() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-evaluate-budget-'));
    const rules = path.join(dir, 'opencode.json');
    // Three rules that differ from the request's command only in case: three near misses to explain.
    fs.writeFileSync(rules, JSON.stringify({ permissions: [{ action: 'bash', resource: 'Git status', effect: 'allow' }, { action: 'bash', resource: 'GIT status', effect: 'allow' }, { action: 'bash', resource: 'git Status', effect: 'allow' }] }, null, 1));
    fs.writeFileSync(path.join(dir, 'opencode.requests.json'), JSON.stringify({ requests: [{ name: 'status', action: 'bash', resources: ['git status'] }] }, null, 1));
    const ls = service();
    const uri = open(ls, rules);
    return { ls, uri, dir };
  }

  for (const form of ['a request object (evaluate)', 'a stored request by name (trace view)'] as const) {
    it(`${form}: past the budget, the whole verdict, its near misses left unexplained, a trace note and the result's incomplete field`, () => {
      const { ls, uri, dir } = setup();
      try {
        const params = form.startsWith('a request object') ? { uri, request: { action: 'bash', resources: ['git status'] } } : { uri, requestName: 'status' };
        const a = ls.analyze(uri);
        const full = evaluateRequest(ls.workspace, a, params, a, ample());
        assert.ok(full.ok, full.error);
        assert.strictEqual(full.incomplete, undefined);
        assert.strictEqual(full.verdict!.trace.sections[0].rows.filter((r) => /case-sensitive/.test(r.note ?? '')).length, 3);
        const cut = evaluateRequest(ls.workspace, a, params, a, spent());
        assert.ok(cut.ok, cut.error);
        assert.deepStrictEqual([cut.verdict!.decision, cut.verdict!.rule], [full.verdict!.decision, full.verdict!.rule], 'the verdict is whole');
        assert.ok(!cut.verdict!.trace.sections.some((s) => s.rows.some((r) => /case-sensitive/.test(r.note ?? ''))));
        assert.strictEqual(cut.incomplete, nearMissCutNote(3, 1));
        assert.strictEqual(cut.verdict!.trace.notes.at(-1), cut.incomplete);
        assert.ok(cut.markdown!.includes(cut.incomplete), 'the trace view shows the note');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
