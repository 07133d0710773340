import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { ESLint } from 'eslint';

const ROOT = path.join(__dirname, '..', '..', '..');
const SOURCE = /\.(?:[cm]?ts|[cm]?js)$/;
/** Files outside tsconfig.json: linted without type information. */
const UNTYPED = /\.[cm]?js$|^test\/fixtures\//;

describe('ci: npm run lint covers every source file', () => {
  it('the script lints the whole tree and CI runs it', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    assert.strictEqual(pkg.scripts.lint, 'eslint .', 'a folder list would leave a new folder unlinted');
    assert.match(fs.readFileSync(path.join(ROOT, '.ci/run'), 'utf8'), /^step lint npm run lint$/m);
  });

  it('no tracked source file is ignored, and each gets the regex and promise rules', async () => {
    const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter((f) => SOURCE.test(f));
    assert.ok(tracked.length > 100, `${tracked.length} source files tracked`);
    const eslint = new ESLint({ cwd: ROOT });
    const missed: string[] = [];
    for (const f of tracked) {
      if (!fs.existsSync(path.join(ROOT, f))) continue; // deleted in the work tree, not yet committed
      const config = (await eslint.isPathIgnored(f)) ? undefined : ((await eslint.calculateConfigForFile(f)) as { rules?: Record<string, unknown[]> } | undefined);
      const on = (rule: string) => config?.rules?.[rule]?.[0] === 2;
      if (!on('regexp/no-super-linear-backtracking') || !on('regexp/no-super-linear-move')) missed.push(`${f}: not linted`);
      else if (!UNTYPED.test(f) && !on('@typescript-eslint/no-floating-promises')) missed.push(`${f}: linted without types`);
    }
    assert.deepStrictEqual(missed, []);
  });
});
