import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { CORPUS_DIR, CORPUS_TIMEOUT_MS, lintCorpus, type CorpusResult } from '../../corpus/load';

/**
 * The findings on every real rule file of the corpus, as code, line and severity, reviewed one by
 * one. A change in what RuleLens reports on real configs shows up here as a diff to review:
 * `UPDATE_CORPUS_SNAPSHOT=1 npx mocha test/unit/lints/corpus-snapshot.test.ts` rewrites it.
 */
const SNAPSHOT = path.join(CORPUS_DIR, 'findings.snapshot.json');

type Row = [code: string, line: number, severity: string];

function rows(r: CorpusResult): Row[] {
  return r.findings
    .map((f): Row => [f.code, f.range.start.line + 1, f.severity])
    .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]) || a[2].localeCompare(b[2]));
}

describe('corpus: findings on real rule files', function () {
  this.timeout(CORPUS_TIMEOUT_MS);
  let results: CorpusResult[];
  before(async () => {
    results = await lintCorpus();
  });

  it('has at least 40 files, each detected by a dialect', () => {
    assert.ok(results.length >= 40, `${results.length} files`);
    for (const r of results) assert.ok(r.dialect, `${r.entry.file}: no dialect`);
  });

  it('reports what the reviewed snapshot says, file by file', () => {
    const actual = Object.fromEntries(results.map((r) => [r.entry.file, rows(r)]));
    if (process.env.UPDATE_CORPUS_SNAPSHOT) fs.writeFileSync(SNAPSHOT, JSON.stringify(actual, null, 1) + '\n');
    const expected = JSON.parse(fs.readFileSync(SNAPSHOT, 'utf8')) as Record<string, Row[]>;
    for (const r of results) assert.deepEqual(actual[r.entry.file], expected[r.entry.file], r.entry.file);
    assert.deepEqual(Object.keys(actual).sort(), Object.keys(expected).sort());
  });

  it('keeps every headline within 160 characters', () => {
    for (const r of results) for (const f of r.findings) assert.ok(f.message.length <= 160, `${r.entry.file}: ${f.message}`);
  });

  it('gives each rule at most one finding that says it decides nothing', () => {
    for (const r of results) {
      const seen = new Set<string>();
      for (const f of r.findings.filter((x) => ['never-matches', 'dead-rule', 'shadowed-deny', 'duplicate-rule'].includes(x.code))) {
        const k = `${f.range.start.line}:${f.range.start.character}`;
        assert.ok(!seen.has(k), `${r.entry.file}:${f.range.start.line + 1} ${f.code}`);
        seen.add(k);
      }
    }
  });
});
