import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { codeLensesFor, lensesCutNote } from '../../../server/service/code-lens';
import { COMMANDS } from '../../../shared/protocol';
import { open, service } from './helpers';
import { ample, spent } from './spent-deadline';

/** Rules and stored requests, each request decided by its own rule: every rule and request has a lens. */
const COUNT = 600;

describe('language service: code lenses under a budget', () => {
  function setup() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-lens-budget-'));
    const rules = path.join(dir, 'opencode.json');
    const requests = path.join(dir, 'opencode.requests.json');
    fs.writeFileSync(rules, JSON.stringify({ permissions: Array.from({ length: COUNT }, (_, i) => ({ action: 'edit', resource: `f${i}`, effect: 'deny' })) }, null, 1));
    fs.writeFileSync(requests, JSON.stringify({ requests: Array.from({ length: COUNT }, (_, i) => ({ name: `r${i}`, action: 'edit', resources: [`f${i}`], expect: 'deny' })) }, null, 1));
    const ls = service();
    const ruleUri = open(ls, rules);
    const requestsUri = open(ls, requests);
    return { ls, ruleUri, requestsUri, dir };
  }
  const uriOf = (p: string) => `file://${p}`;

  for (const side of ['rule', 'request'] as const) {
    it(`a ${side} file: past the budget, the first lenses and a note on the summary of how many were left`, () => {
      const { ls, ruleUri, requestsUri, dir } = setup();
      try {
        const a = ls.analyze(side === 'rule' ? ruleUri : requestsUri);
        const lensOf = (l: { command?: { command: string } }) => l.command?.command === COMMANDS.showTrace;
        const full = codeLensesFor(a, uriOf, null, 'all', false, ample());
        assert.strictEqual(full.filter(lensOf).length, COUNT);
        assert.ok(!full[0].command!.title.includes('not computed'), full[0].command!.title);
        const cut = codeLensesFor(a, uriOf, null, 'all', false, spent());
        const shown = cut.filter(lensOf).length;
        assert.ok(shown > 0 && shown < COUNT, `${shown} lenses`);
        assert.ok(cut[0].command!.title.endsWith(` · ${lensesCutNote(COUNT - shown, side)}`), cut[0].command!.title);
        // The lenses given are the full list's first ones, unchanged.
        assert.deepStrictEqual(cut.filter(lensOf).map((l) => l.command!.title), full.filter(lensOf).slice(0, shown).map((l) => l.command!.title));
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
