import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { cli } from './helpers';
import { exampleFile } from '../helpers/examples';

/** Every example rule file with its stored requests, one per dialect. */
const EXAMPLES: Array<[rules: string, requests: string]> = [
  ['claude/.claude/settings.json', 'claude/.claude/settings.requests.json'],
  ['opencode/opencode.json', 'opencode/opencode.requests.json'],
  ['codex/.codex/rules/default.rules', 'codex/.codex/rules/default.requests.json'],
  ['gemini/.gemini/policies/policy.toml', 'gemini/.gemini/policies/policy.requests.json'],
  ['omp/config.json', 'omp/config.requests.json'],
  ['bounds/.attesso/rules.json', 'bounds/.attesso/rules.requests.json'],
];

describe('cli: eval refuses a requests file that is not valid JSON', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-nul-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  for (const [rules, requests] of EXAMPLES) {
    it(`${rules}: a raw NUL inside a string is an input error: exit 2, no verdict`, () => {
      const text = fs.readFileSync(exampleFile(requests), 'utf8');
      // The first request's name gets a raw NUL byte: JSON forbids control characters in strings.
      const broken = text.replace(/"name"\s*:\s*"/, (m) => `${m}\u0000`);
      assert.notEqual(broken, text, 'the example has a named request');
      const file = path.join(dir, path.basename(requests));
      fs.writeFileSync(file, broken);
      const r = cli(['eval', exampleFile(rules), '--requests', file]);
      assert.equal(r.code, 2, r.stdout + r.stderr);
      assert.equal(r.stdout, '', 'no verdict is printed');
      assert.match(r.stderr, /not valid JSON/);
      assert.match(r.stderr, new RegExp(`${path.basename(requests).replace(/\./g, '\\.')}:\\d+:\\d+`));
    });
  }

  it('the same file without the NUL is evaluated (exit 0)', () => {
    const r = cli(['eval', exampleFile('claude/.claude/settings.json'), '--requests', exampleFile('claude/.claude/settings.requests.json')]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
  });
});
