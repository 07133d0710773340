import { SHARED_EXAMPLES } from '../../helpers/examples';
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { embeddedVerdict, evaluateOmp, omp, parseOmp } from '../../../shared/dialects/omp';
import { parseRequestsFile } from '../../../shared/requests/parse';
import { runRequests } from '../../../shared/requests/run';
import { rules } from './helpers';

const EXAMPLES = path.join(SHARED_EXAMPLES, 'omp');
const FIXTURES = path.join(__dirname, '../../fixtures/omp');
const SEED_COMMAND = 'chmod -R 700 /fictional-seed-library';

function runFile(rulePath: string, requestsPath: string) {
  const rs = parseOmp({ path: rulePath, text: fs.readFileSync(rulePath, 'utf8') });
  const file = parseRequestsFile(requestsPath, fs.readFileSync(requestsPath, 'utf8'), omp);
  assert.deepEqual(file.findings, []);
  return runRequests(omp, rs, file);
}

describe('omp seed cases and examples', () => {
  it('the example requests all pass', () => {
    const results = runFile(path.join(EXAMPLES, 'config.json'), path.join(EXAMPLES, 'config.requests.json'));
    assert.equal(results.length, 2);
    for (const r of results) assert.equal(r.pass, true, `${r.request.name}: ${r.mismatches.join('; ')}`);
  });
  it('the fixture requests beside .omp/config.yml all pass', () => {
    const results = runFile(path.join(FIXTURES, '.omp/config.yml'), path.join(FIXTURES, '.omp/config.requests.json'));
    assert.equal(results.length, 4);
    for (const r of results) assert.equal(r.pass, true, `${r.request.name}: ${r.mismatches.join('; ')} ${r.error ?? ''}`);
  });
  it('first applicable rule: printf * allow before * deny, always-ask → allow from the tool', () => {
    const rs = parseOmp({ path: 'case.json', text: fs.readFileSync(path.join(FIXTURES, 'seed-first-applicable.json'), 'utf8') });
    const v = embeddedVerdict(rs)!;
    assert.deepEqual([v.native, v.decision, v.details.source, v.details.tier, v.rule?.index], ['allow', 'allow', 'tool', 'write', 0]);
  });
  it('compound line: the allow cannot apply, the deny matches a segment, yolo keeps the deny', () => {
    const rs = parseOmp({ path: 'case.json', text: fs.readFileSync(path.join(FIXTURES, 'seed-compound-deny.json'), 'utf8') });
    const v = embeddedVerdict(rs)!;
    assert.equal(v.native, 'deny');
    assert.equal(v.details.reason, 'Blocked by bash pattern: printf closed');
    assert.equal(v.details.source, 'tool');
    assert.equal(v.trace.sections[0].controlling, 1);
    assert.match(v.trace.sections[0].rows[0].note!, /shell control `&&`/);
  });
  it('critical command with no rules: yolo → allow (bare override ignored), always-ask → prompt', () => {
    const rs = rules([]);
    const yolo = evaluateOmp(rs, { command: SEED_COMMAND, mode: 'yolo' });
    assert.deepEqual([yolo.native, yolo.details.source, yolo.details.override, yolo.details.reason], ['allow', 'mode', true, 'Critical pattern detected']);
    assert.match(yolo.trace.branch, /yolo ignores a bare override/);
    const ask = evaluateOmp(rs, { command: SEED_COMMAND, mode: 'always-ask' });
    assert.deepEqual([ask.native, ask.decision, ask.details.source], ['prompt', 'ask', 'tool']);
    assert.equal(evaluateOmp(rs, { command: SEED_COMMAND, mode: 'write' }).native, 'prompt');
  });
  it('critical command with a matching deny → deny in every mode', () => {
    const rs = rules([['chmod *', 'deny']]);
    for (const mode of ['always-ask', 'write', 'yolo'] as const) {
      const v = evaluateOmp(rs, { command: SEED_COMMAND, mode });
      assert.equal(v.native, 'deny', mode);
      assert.equal(v.details.reason, 'Blocked by bash pattern: chmod *');
    }
  });
  it('a chmod * prompt rule is overtaken by the critical branch, so yolo allows', () => {
    const rs = rules([['chmod *', 'prompt']]);
    const v = evaluateOmp(rs, { command: SEED_COMMAND, mode: 'yolo' });
    assert.equal(v.native, 'allow');
    assert.equal(v.rule, null);
    assert.equal(v.trace.sections[0].controlling, 0);
    assert.equal(v.trace.branch, 'critical pattern (chmod -R <mode> /…) overrode the selected prompt rule; yolo ignores a bare override; yolo allows → allow');
    assert.equal(evaluateOmp(rs, { command: SEED_COMMAND, mode: 'always-ask' }).native, 'prompt');
  });
  it('explicit prompt survives yolo even with user bash: allow (tool-sourced)', () => {
    const rs = rules([['printf *', 'prompt']]);
    const v = evaluateOmp(rs, { command: 'printf seed-card', mode: 'yolo', userApproval: { bash: 'allow' } });
    assert.deepEqual([v.native, v.decision, v.details.source, v.rule?.index], ['prompt', 'ask', 'tool', 0]);
    assert.equal(v.details.reason, 'Prompt required by bash pattern: printf *');
  });
  it('the mode comes from the request, else tools.approvalMode, else yolo', () => {
    const rs = rules([], { tools: { approvalMode: 'always-ask', approval: { bash: 'prompt' } } });
    assert.equal(evaluateOmp(rs, { command: 'make' }).details.mode, 'always-ask');
    assert.equal(evaluateOmp(rs, { command: 'make' }).details.source, 'user');
    assert.equal(evaluateOmp(rs, { command: 'make', mode: 'yolo', userApproval: { bash: 'allow' } }).native, 'allow');
    assert.equal(evaluateOmp(rules([]), { command: 'make' }).details.mode, 'yolo');
  });
});
