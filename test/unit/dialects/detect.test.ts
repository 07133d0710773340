import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { DETECT_CERTAIN, DIALECTS, detectDialect } from '../../../shared/dialects';

const EXAMPLES = path.resolve(__dirname, '../../../examples');

/** Every rule file of the examples and the real-world corpus, with its text. */
function ruleFiles(): Array<{ path: string; text: string }> {
  const out: Array<{ path: string; text: string }> = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (!e.name.includes('.requests.') && /\.(?:jsonc?|ya?ml|rules|toml)$/.test(e.name)) out.push({ path: p, text: fs.readFileSync(p, 'utf8') });
    }
  };
  walk(EXAMPLES);
  return out;
}

/**
 * Detection stops at the first certain score (a path naming the dialect's own file) and skips the
 * other detectors' content sniffing: that is only the same answer if no detector ever scores
 * higher, and if the first certain dialect is the one a full pass would pick.
 */
describe('dialect detection', () => {
  const files = ruleFiles();

  it('no detector scores above "certain", on every example', () => {
    assert.ok(files.length >= 10, `examples found: ${files.length}`);
    for (const f of files) for (const d of DIALECTS) assert.ok(d.detect(f) <= DETECT_CERTAIN, `${d.id} scores ${d.detect(f)} on ${f.path}`);
  });

  it('picks what a pass over every detector picks (highest score, first listed on ties)', () => {
    const named = ['opencode.json', '.opencode/opencode.jsonc', '.omp/config.yml', '.attesso/rules.json', '.attesso/paths.json', '.claude/settings.json', 'x/default.rules', 'policies/p.toml'];
    // Certain paths carrying another dialect's content, and every example as it is.
    const cases = [...files, ...named.flatMap((p) => files.map((f) => ({ path: p, text: f.text })))];
    for (const f of cases) {
      let best: string | undefined;
      let score = 0;
      for (const d of DIALECTS) {
        const s = d.detect(f);
        if (s > score) [best, score] = [d.id, s];
      }
      assert.strictEqual(detectDialect(f)?.id, best, f.path);
    }
  });
});
