import { strict as assert } from 'assert';
import { analyzeRuleSet } from '../../../shared/analysis';
import { evaluateOpencode, opencode, parseOpencode } from '../../../shared/dialects/opencode';
import { lintOpencode } from '../../../shared/dialects/opencode/lint';
import { dialectById } from '../../../shared/dialects';
import { evaluateOmp } from '../../../shared/dialects/omp/evaluate';
import { lintOmp } from '../../../shared/dialects/omp/lint';
import type { OmpRuleSet } from '../../../shared/dialects/omp/rules';

/** Noise and severity rules for OpenCode and oh-my-pi findings seen on real configs. */
const oc = (config: object) => parseOpencode({ path: 'opencode.json', text: JSON.stringify(config) });
const all = (config: object) => {
  const rs = oc(config);
  return [...lintOpencode(rs), ...analyzeRuleSet(opencode, rs)];
};

describe('opencode and omp findings: noise budget and severities', () => {
  it('a global deny a per-agent "*": "ask" takes over is a warning, with a witness the agent really asks for', () => {
    const config = { permission: { bash: { 'rm -rf *': 'deny' } }, agent: { build: { permission: { bash: { '*': 'ask' } } } } };
    const [f] = all(config).filter((x) => x.code === 'overridden-deny');
    assert.equal(f.severity, 'warning');
    assert.match(f.message, /^Agent "build" runs without bash "rm -rf \*" deny/);
    assert.equal(evaluateOpencode(oc(config), { action: 'bash', resources: ['rm -rf x'], agent: 'build' }).decision, 'ask');
  });

  it('"*": "allow" first, denies after: the catch-all never claims to allow what a later deny takes', () => {
    const [f] = all({ permission: { '*': 'allow', read: { '*': 'allow', '*.env': 'deny' } } }).filter((x) => x.code === 'broad-catch-all');
    assert.match([f.message, ...(f.related ?? []).map((r) => r.message)].join('\n'), /allows whatever no later rule decides/);
  });

  it('no broad-catch-all for read-only or bookkeeping tools; an outward tool is information', () => {
    const quiet = all({ permission: { read: 'allow', todoread: 'allow', todowrite: 'allow', glob: 'allow', grep: 'allow', list: 'allow' } });
    assert.deepEqual(quiet.filter((x) => x.code === 'broad-catch-all'), []);
    const fs = all({ permission: { external_directory: { '*': 'allow' } } }).filter((x) => x.code === 'broad-catch-all');
    assert.deepEqual(fs.map((f) => f.severity), ['information']);
  });

  it('one finding for one "bash": "allow" line', () => {
    const fs = all({ permission: { bash: 'allow' } });
    assert.deepEqual(fs.map((f) => f.code), ['broad-catch-all']);
  });

  it('omp: the catch-all allow witness is a command the evaluator allows (not a critical one it denies)', () => {
    const d = dialectById('omp')!;
    const rs = d.parse({ path: '.omp/agent/config.json', text: JSON.stringify({ bash: { patterns: [{ match: '*', approval: 'allow' }] } }) }) as OmpRuleSet;
    const [f] = lintOmp(rs).filter((x) => x.code === 'broad-catch-all');
    assert.ok(f.witness);
    assert.equal(evaluateOmp(rs, { command: f.witness }).decision, 'allow');
    assert.notEqual(f.witness, 'rm -rf build');
  });
});
