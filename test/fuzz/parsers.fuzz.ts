import * as assert from 'assert';
import * as path from 'path';
import fc from 'fast-check';
import { DIALECTS, detectDialect, initDialects } from '../../shared/dialects';
import { analyzeRuleSet } from '../../shared/analysis';
import { SourceText } from '../../shared/model';
import { parseJson, duplicateKeyFindings } from '../../shared/json/tree';
import { assertFindings, assertRangeIn, CORPUS, fileNameOf, fuzzOptions, isRequestsPath } from './common';
import { mutated, randomJson, randomYaml } from './mutate';

/** Parses, lints and analyses one text as a dialect's file: nothing may throw, every finding is placed. */
function checkDocument(d: (typeof DIALECTS)[number], file: string, text: string): void {
  const what = `${d.id} ${file}`;
  d.detect({ path: file, text });
  detectDialect({ path: file, text });
  const rs = d.parse({ path: file, text }, { home: '/home/u', root: '/work/p' });
  assert.strictEqual(rs.dialect.startsWith(d.id.split('-')[0]), true, `${what}: rule set of dialect ${rs.dialect}`);
  assertFindings(rs.findings, text, `${what} parse`);
  const src = new SourceText(text);
  for (const r of rs.rules) {
    assertRangeIn(src, r.range, `${what} rule ${r.index}`);
    assert.ok(['allow', 'ask', 'deny'].includes(r.decision), `${what}: rule decision ${r.decision}`);
  }
  assertFindings(d.lint?.(rs, { home: '/home/u', root: '/work/p' }) ?? [], text, `${what} lint`);
  assertFindings(analyzeRuleSet(d, rs, { home: '/home/u', root: '/work/p' }), text, `${what} analysis`);
}

describe('fuzz: parsers, lints and analysis of every dialect', function () {
  this.timeout(0);
  before(() => initDialects());

  const rules = CORPUS.filter((f) => !isRequestsPath(f.path));

  for (const d of DIALECTS) {
    const file = fileNameOf(d);
    const own = rules.filter((f) => d.detect({ path: f.path, text: f.text }) > 0);
    const bases = (own.length ? own : rules).map((f) => f.text);

    it(`${d.id}: mutated examples (${own.length} of its own, ${rules.length} in all)`, () => {
      fc.assert(fc.property(fc.constantFrom(...bases, '{}').chain(mutated), (t) => checkDocument(d, file, t)), fuzzOptions(0.5));
    });

    it(`${d.id}: random JSON`, () => {
      fc.assert(fc.property(randomJson, (t) => checkDocument(d, file, t)), fuzzOptions(0.5));
    });

    it(`${d.id}: random YAML-like and raw text`, () => {
      fc.assert(fc.property(fc.oneof(randomYaml, fc.string({ maxLength: 80 }), fc.string({ unit: 'binary', maxLength: 40 })), (t) => checkDocument(d, d.id === 'omp' ? file : path.basename(file), t)), fuzzOptions(0.5));
    });
  }

  it('JSON layer: every syntax error and duplicate key has a range inside the document', () => {
    const bases = CORPUS.map((f) => f.text);
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...bases).chain(mutated), randomJson), (t) => {
        const doc = parseJson(t);
        assertFindings(doc.findings, t, 'parseJson');
        assertFindings(duplicateKeyFindings(doc.source, doc.root), t, 'duplicate keys');
      }),
      fuzzOptions(),
    );
  });
});
