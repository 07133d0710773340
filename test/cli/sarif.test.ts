import { strict as assert } from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import Ajv from 'ajv-draft-04';
import { cli, OPENCODE_PAIR, ROOT, scratchCopy } from './helpers';

const schema = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'));
const validate = new Ajv({ allErrors: true, strict: false, validateFormats: false, unicodeRegExp: false }).compile(schema);

function assertValidSarif(text: string): any {
  const log: any = JSON.parse(text);
  const ok = validate(log);
  assert.ok(ok, JSON.stringify(validate.errors?.slice(0, 5), null, 1));
  return log;
}

describe('cli: SARIF 2.1.0', () => {
  it('check --format sarif validates and carries lint ids, help URIs and regions', () => {
    const dir = scratchCopy(OPENCODE_PAIR);
    fs.writeFileSync(path.join(dir, 'opencode.json'), JSON.stringify({ permission: { bash: { yarn: 'deny', '**/.env*': 'deny' } } }, null, 2));
    const r = cli(['check', dir, '--format', 'sarif']);
    const log = assertValidSarif(r.stdout);
    const run = log.runs[0];
    const ids = run.tool.driver.rules.map((x: { id: string }) => x.id);
    assert.ok(ids.includes('exact-command-pattern'));
    for (const rule of run.tool.driver.rules) assert.match(rule.helpUri, new RegExp(`docs/lints/${rule.id}\\.md$`));
    const res = run.results.find((x: { ruleId: string }) => x.ruleId === 'exact-command-pattern');
    assert.equal(res.locations[0].physicalLocation.region.startLine, 4);
    assert.ok(run.results.some((x: { ruleId: string }) => x.ruleId === 'request-failed'));
  });
  it('diff --format sarif validates', () => {
    const dir = scratchCopy(OPENCODE_PAIR);
    const git = (...args: string[]) => spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: dir });
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'base');
    const file = path.join(dir, 'opencode.json');
    const cfg = JSON.parse(fs.readFileSync(file, 'utf8'));
    cfg.permissions.push({ action: 'edit', resource: '*', effect: 'allow' });
    fs.writeFileSync(file, JSON.stringify(cfg, null, 2));
    const log = assertValidSarif(cli(['diff', 'opencode.json', '--base', 'HEAD', '--format', 'sarif'], { cwd: dir }).stdout);
    assert.ok(log.runs[0].results.length >= 4);
    assert.equal(log.runs[0].results[0].ruleId, 'decision-flip');
    assert.equal(log.runs[0].results[0].level, 'error');
  });
});
