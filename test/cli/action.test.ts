import { strict as assert } from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import Ajv from 'ajv-draft-04';
import { parse as parseYaml } from 'yaml';
import { ensureBuilt, ROOT, SHARED_EXAMPLES } from './helpers';

const schema = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'));
const validate = new Ajv({ allErrors: true, strict: false, validateFormats: false, unicodeRegExp: false }).compile(schema);

interface Step {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
  'continue-on-error'?: boolean;
}
const action = parseYaml(fs.readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, { default?: string }>; runs: { using: string; steps: Step[] } };
const step = (id: string) => action.runs.steps.find((s) => s.id === id || s.name === id)!;

/** A pull request in a scratch repository: the base commit, then a head commit that edits opencode.json. */
function pullRequest(edit: (permissions: unknown[]) => void): { dir: string; base: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-action-'));
  const git = (...a: string[]) => spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'init.defaultBranch=main', ...a], { cwd: dir, encoding: 'utf8' });
  git('init', '-q');
  for (const f of ['opencode.json', 'opencode.requests.json']) fs.copyFileSync(path.join(SHARED_EXAMPLES, 'opencode', f), path.join(dir, f));
  git('add', '.');
  git('commit', '-qm', 'base');
  const base = git('rev-parse', 'HEAD').stdout.trim();
  git('checkout', '-qb', 'change');
  const file = path.join(dir, 'opencode.json');
  const cfg = JSON.parse(fs.readFileSync(file, 'utf8'));
  edit(cfg.permissions);
  fs.writeFileSync(file, JSON.stringify(cfg, null, 2));
  git('commit', '-qam', 'change');
  return { dir, base };
}

/**
 * The action's run step as the runner executes it: its `run` line in bash, in the working
 * directory, with the step's environment (the inputs resolved here by hand, as the runner would).
 */
function runStep(dir: string, env: Record<string, string>) {
  ensureBuilt();
  const outputs = path.join(dir, '.github-output');
  const summary = path.join(dir, '.step-summary.md');
  const run = step('run').run!;
  const r = spawnSync('bash', ['-c', run], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, ACTION_PATH: ROOT, RULELENS: `${process.execPath} ${path.join(ROOT, 'bin/rulelens.js')}`, GITHUB_OUTPUT: outputs, GITHUB_STEP_SUMMARY: summary, INPUT_PATHS: '.', INPUT_SARIF_FILE: 'rulelens.sarif', INPUT_MAX_NEWLY_ALLOWED: '0', ...env },
  });
  const out = Object.fromEntries(fs.readFileSync(outputs, 'utf8').trim().split('\n').map((l) => l.split(/=(.*)/s).slice(0, 2) as [string, string]));
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, outputs: out, summary: fs.existsSync(summary) ? fs.readFileSync(summary, 'utf8') : '' };
}

describe('GitHub Action: action.yml and its steps\' script', function () {
  this.timeout(180_000);

  it('is a composite action whose steps use only inputs it declares, and upload the SARIF whatever the verdict', () => {
    assert.equal(action.runs.using, 'composite');
    const text = fs.readFileSync(path.join(ROOT, 'action.yml'), 'utf8');
    for (const m of text.matchAll(/inputs\.([a-z-]+)/g)) assert.ok(action.inputs[m[1]], `input ${m[1]} is declared`);
    for (const name of ['paths', 'base', 'max-warnings', 'max-newly-allowed', 'max-newly-denied', 'version', 'working-directory']) assert.ok(action.inputs[name], name);
    assert.equal(action.inputs['max-newly-allowed'].default, '0', 'a pull request may not widen anything unless told');
    // Inputs reach the script through the environment, never spliced into the shell text.
    for (const s of action.runs.steps) if (s.run) assert.doesNotMatch(s.run, /\$\{\{/, `${s.name}: no expression in run`);
    const upload = step('Upload SARIF to code scanning');
    assert.match(upload.uses!, /^github\/codeql-action\/upload-sarif@/);
    assert.match(upload.if!, /always\(\)/);
    assert.equal(upload['continue-on-error'], true, 'a repository without code scanning still gets the verdict');
    assert.equal(upload.with!.sarif_file, '${{ steps.run.outputs.sarif-file }}');
    assert.match(step('run').env!.INPUT_BASE, /github\.event\.pull_request\.base\.sha/);
  });

  it('a widened rule: a failing job summary with the newly allowed decision and its witness, valid SARIF, exit code 1', () => {
    const { dir, base } = pullRequest((p) => p.splice(1, 0, { action: 'edit', resource: 'src/*', effect: 'allow' }));
    const r = runStep(dir, { INPUT_BASE: base });
    assert.equal(r.code, 0, 'the step itself passes, so the SARIF upload runs');
    assert.equal(r.outputs['exit-code'], '1', r.stdout + r.stderr);
    assert.equal(r.outputs['sarif-file'], 'rulelens.sarif');
    assert.match(r.summary, /^## RuleLens: ❌ failed — .*1 newly allowed > --max-newly-allowed 0/);
    const allowed = r.summary.indexOf('### Newly allowed (1)');
    assert.ok(allowed > 0, r.summary);
    assert.ok(allowed < r.summary.indexOf('### Errors and warnings'), 'newly allowed decisions come first');
    assert.match(r.summary, /\| `opencode\.json` \| ask → \*\*allow\*\* \| rule 1: edit \* ask → rule 2: edit src\/\* allow \| stored request `D: work outside the grant`: `src\/main\.ts` \|/);
    const sarif = fs.readFileSync(path.join(dir, 'rulelens.sarif'), 'utf8');
    assert.ok(validate(JSON.parse(sarif)), JSON.stringify(validate.errors?.slice(0, 5)));
    const log: any = JSON.parse(sarif);
    const flip = log.runs[0].results.find((x: { ruleId: string }) => x.ruleId === 'decision-flip');
    assert.equal(flip.level, 'error');
    assert.equal(flip.locations[0].physicalLocation.artifactLocation.uri, 'opencode.requests.json');
    assert.ok(log.runs[0].results.some((x: { ruleId: string }) => x.ruleId === 'request-failed'), 'the check\'s findings share the log');
    assert.match(r.stdout, /^::error file=opencode\.requests\.json,line=\d+,col=\d+,title=newly allowed::D: work outside the grant: ask → allow/m);
  });

  it('a stricter rule: a passing summary, exit code 0', () => {
    const { dir, base } = pullRequest((p) => p.push({ action: 'edit', resource: '.env', effect: 'deny' }));
    const r = runStep(dir, { INPUT_BASE: base });
    assert.equal(r.outputs['exit-code'], '0', r.stdout + r.stderr);
    assert.match(r.summary, /^## RuleLens: ✅ passed/);
    assert.match(r.summary, /\| newly allowed \| \*\*0\*\* \(at most 0\) \|/);
  });

  it('a push that creates a branch (no commit before it) checks without a diff', () => {
    const { dir } = pullRequest((p) => p.push({ action: 'edit', resource: '.env', effect: 'deny' }));
    const r = runStep(dir, { INPUT_BASE: '0'.repeat(40) });
    assert.equal(r.outputs['exit-code'], '0', r.stdout + r.stderr);
    assert.doesNotMatch(r.stdout, /--base/);
    assert.doesNotMatch(r.summary, /compared with/);
  });

  it('the verdict step fails the job with the run\'s exit code, and with 2 when the run did not finish', () => {
    const verdict = step('Verdict');
    assert.match(verdict.if!, /always\(\)/);
    const exit = (env: Record<string, string>) => spawnSync('bash', ['-c', verdict.run!], { env: { ...process.env, ...env } }).status;
    assert.equal(exit({ EXIT_CODE: '1' }), 1);
    assert.equal(exit({ EXIT_CODE: '0' }), 0);
    assert.equal(exit({ EXIT_CODE: '' }), 2);
  });
});
