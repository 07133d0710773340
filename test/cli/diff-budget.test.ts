import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { cli } from './helpers';

/** A base and a current OpenCode file side by side, with stored requests beside the current one. */
function project(base: unknown[], current: unknown[], requests: unknown[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-budget-'));
  fs.writeFileSync(path.join(dir, 'base.json'), JSON.stringify({ permissions: base }, null, 2));
  fs.writeFileSync(path.join(dir, 'opencode.json'), JSON.stringify({ permissions: current }, null, 2));
  fs.writeFileSync(path.join(dir, 'opencode.requests.json'), JSON.stringify({ requests }, null, 2));
  return dir;
}

const BASE = [
  { action: 'edit', resource: '*', effect: 'ask' },
  { action: 'edit', resource: 'generated/*', effect: 'deny' },
  { action: 'edit', resource: '.env', effect: 'deny' },
];
const OPENED = [
  { action: 'edit', resource: '*', effect: 'ask' },
  { action: 'edit', resource: 'generated/*', effect: 'allow' },
  { action: 'edit', resource: '.env', effect: 'allow' },
];
const STORED = [{ name: 'generated is denied', origin: 'synthetic', action: 'edit', resources: ['generated/x.ts'], expect: 'deny' }];

describe('cli: diff budgets count every distinct newly allowed decision', () => {
  it('.env newly allowed is its own flip, not "also shown by" an unrelated stored request', () => {
    const dir = project(BASE, OPENED, STORED);
    const r = cli(['diff', 'opencode.json', '--base', 'base.json', '--max-newly-allowed', '1'], { cwd: dir });
    assert.equal(r.code, 1, r.stdout);
    assert.match(r.stdout, /edit \.env: deny → allow \(rule 3: edit \.env deny → rule 3: edit \.env allow\)\n/);
    assert.doesNotMatch(r.stdout, /edit \.env[^\n]*also shown by/);
    assert.match(r.stdout, /budget exceeded: 2 newly allowed > --max-newly-allowed 1/);
    assert.equal(r.stdout.trim().split('\n').at(-1), '2 newly allowed (budget 1: exceeded), 0 newly denied');
  });

  it('a flip of another action never covers one of this action', () => {
    const base = [...BASE, { action: 'bash', resource: '*', effect: 'ask' }, { action: 'bash', resource: 'rm *', effect: 'deny' }];
    const current = [...BASE, { action: 'bash', resource: '*', effect: 'ask' }, { action: 'bash', resource: 'rm *', effect: 'allow' }, { action: 'edit', resource: '*', effect: 'allow' }];
    const dir = project(base, current, STORED);
    const j = JSON.parse(cli(['diff', 'opencode.json', '--base', 'base.json', '--format', 'json'], { cwd: dir }).stdout);
    const bash = j.flips.filter((f: { kind: string; request: string }) => f.kind === 'witness' && f.request.startsWith('bash '));
    assert.ok(bash.length >= 1);
    for (const f of bash) assert.equal(f.coveredBy, undefined, JSON.stringify(f));
    // generated/*, .env, the rest of edit, and rm: four classes newly allowed.
    assert.ok(j.counts.loosened >= 4, JSON.stringify(j.counts));
  });

  it('without a budget the last line still says how many decisions were newly allowed', () => {
    const dir = project(BASE, OPENED, STORED);
    const r = cli(['diff', 'opencode.json', '--base', 'base.json'], { cwd: dir });
    assert.equal(r.code, 0);
    assert.equal(r.stdout.trim().split('\n').at(-1), '2 newly allowed, 0 newly denied');
    const same = project(BASE, BASE, STORED);
    assert.equal(cli(['diff', 'opencode.json', '--base', 'base.json'], { cwd: same }).stdout.trim().split('\n').at(-1), '0 newly allowed, 0 newly denied');
  });

  it('SARIF lists each flip once: no subject line twice, no witness a stored request already shows', () => {
    const requests = [...STORED, { name: 'two files', origin: 'synthetic', action: 'edit', resources: ['generated/a', '.env'], expect: 'deny' }];
    const dir = project(BASE, OPENED, requests);
    const sarif = JSON.parse(cli(['diff', 'opencode.json', '--base', 'base.json', '--format', 'sarif'], { cwd: dir }).stdout);
    const texts: string[] = sarif.runs[0].results.map((x: { message: { text: string } }) => x.message.text);
    assert.equal(new Set(texts).size, texts.length, texts.join('\n'));
    assert.deepEqual(texts.filter((t) => t.startsWith('two files')), ['two files: deny → allow']);
    assert.deepEqual(texts.filter((t) => t.startsWith('generated is denied')), ['generated is denied: deny → allow']);
    assert.ok(!texts.some((t) => /^edit generated\//.test(t)), 'the generated/ witness is the stored flip');
  });
});
