import { strict as assert } from 'assert';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import { cli } from './helpers';

describe('cli: claude user settings only when named', () => {
  let dir: string;
  let rules: string;
  let user: string;
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'rulelens-user-'));
    mkdirSync(path.join(dir, 'p', '.claude'), { recursive: true });
    rules = path.join(dir, 'p', '.claude', 'settings.json');
    user = path.join(dir, 'user-settings.json');
    writeFileSync(rules, JSON.stringify({ permissions: { allow: ['Bash(touch:*)'] } }));
    writeFileSync(user, JSON.stringify({ permissions: { deny: ['Bash(touch x)'] } }));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('without --user-settings only the project file is in force', () => {
    const r = cli(['eval', rules, '--request', '{"tool":"Bash","command":"touch x"}', '--format', 'json']);
    assert.equal(JSON.parse(r.stdout).decision, 'allow');
  });
  it('--user-settings PATH adds that file as the user layer, named in the verdict', () => {
    const r = cli(['eval', rules, '--request', '{"tool":"Bash","command":"touch x"}', '--format', 'json', '--user-settings', user]);
    const v = JSON.parse(r.stdout);
    assert.equal(v.decision, 'deny');
    assert.equal(v.details.layer, 'user');
    assert.match(v.trace.sections[0].branch, /\(user settings\)/);
  });
  it('an unreadable --user-settings is a usage error', () => {
    const r = cli(['eval', rules, '--request', '{"tool":"Bash","command":"ls"}', '--user-settings', path.join(dir, 'nope.json')]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /cannot read --user-settings/);
  });
});
