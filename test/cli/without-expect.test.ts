import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { cli } from './helpers';

describe('cli: check counts requests without expect as such', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-noexpect-'));
    fs.writeFileSync(path.join(dir, 'opencode.json'), JSON.stringify({ permissions: [{ action: 'edit', resource: '*', effect: 'ask' }, { action: 'edit', resource: 'docs/*', effect: 'allow' }] }));
    fs.writeFileSync(path.join(dir, 'opencode.requests.json'), JSON.stringify({ requests: [
      { name: 'checked', origin: 'synthetic', action: 'edit', resources: ['docs/a.md'], expect: 'allow' },
      { name: 'recorded one', origin: 'synthetic', action: 'edit', resources: ['src/a.ts'] },
      { name: 'recorded two', origin: 'synthetic', action: 'edit', resources: ['docs/b.md'] },
    ] }));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('neither passed nor failed: the file line and the summary say "without expect"; JSON gives each its outcome', () => {
    const text = cli(['check', dir]);
    assert.strictEqual(text.code, 0);
    // Text output wraps at a word; read a wrapped line as one.
    assert.match(text.stdout.replace(/\n +/g, ' '), /3 requests · 1 pass · 0 fail · 2 without expect/);
    assert.match(text.stdout, /3 requests: 1 passed, 0 failed, 2 without expect\n?$/);
    const json = JSON.parse(cli(['check', dir, '--format', 'json']).stdout) as { files: Array<{ requests: Array<{ name: string; outcome: string; decision: string }> }> };
    assert.deepStrictEqual(json.files[0].requests.map((r) => [r.name, r.outcome, r.decision]), [['checked', 'passed', 'allow'], ['recorded one', 'unchecked', 'ask'], ['recorded two', 'unchecked', 'allow']]);
  });
});
