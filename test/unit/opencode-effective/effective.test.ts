import { strict as assert } from 'assert';
import { parseOpencode } from '../../../shared/dialects/opencode/parse';
import { evaluateOpencode, rulesFor } from '../../../shared/dialects/opencode/evaluate';
import { compileRuleSet } from '../../../shared/compiled';
import { renderTraceText } from '../../../shared/trace/render';
import { OPENCODE_VERSION } from '../../../shared/dialects/opencode/builtins';
import type { OpencodeRequest } from '../../../shared/dialects/opencode/rules';
import { opencode } from '../../../shared/dialects/opencode';

const HOME = '/home/u';
const parse = (config: unknown, extra: Record<string, unknown> = {}) => parseOpencode({ path: '/p/opencode.json', text: JSON.stringify(config) }, { home: HOME, root: '/p', ...extra });
/** Reference and compiled must agree on every verdict. */
function decide(config: unknown, req: OpencodeRequest) {
  const rs = parse(config);
  const v = evaluateOpencode(rs, req);
  assert.equal(compileRuleSet(rs, opencode).evaluate(req).decision, v.decision, 'compiled and reference differ');
  return v;
}

describe('OpenCode effective rules: what the agent runs', () => {
  const issue = { permission: { bash: { 'rm *': 'deny' } } };

  it('the issue example: ls is allowed for build, and the trace names the built-in rule that decided', () => {
    const v = decide(issue, { action: 'bash', resources: ['ls'] });
    assert.equal(v.decision, 'allow');
    assert.equal(v.rule?.label, `* * allow — built-in defaults, OpenCode ${OPENCODE_VERSION}`);
    const text = renderTraceText(v);
    assert.match(text, /\* \* allow — built-in defaults, OpenCode [\d.]+ {2}◀ controls/);
    assert.match(text, /runs as the default agent "build"/);
    assert.equal(decide(issue, { action: 'bash', resources: ['rm -rf x'] }).decision, 'deny');
  });

  it('a plan request to edit is denied; plan may still write its own plan files', () => {
    assert.equal(decide(issue, { action: 'edit', resources: ['src/a.ts'], agent: 'plan' }).decision, 'deny');
    assert.equal(decide(issue, { action: 'edit', resources: ['.opencode/plans/next.md'], agent: 'plan' }).decision, 'allow');
    assert.equal(decide(issue, { action: 'edit', resources: ['src/a.ts'], agent: 'build' }).decision, 'allow');
  });

  it('a global "edit": "deny" also removes plan\'s exception for its plan files', () => {
    assert.equal(decide({ permission: { edit: 'deny' } }, { action: 'edit', resources: ['.opencode/plans/next.md'], agent: 'plan' }).decision, 'deny');
  });

  it('legacy tools.edit = false denies edits; write and patch fold into edit too', () => {
    assert.equal(decide({ tools: { edit: false } }, { action: 'edit', resources: ['a'] }).decision, 'deny');
    assert.equal(decide({ tools: { write: false } }, { action: 'edit', resources: ['a'] }).decision, 'deny');
    assert.equal(decide({ tools: { patch: false, write: true } }, { action: 'edit', resources: ['a'] }).decision, 'allow');
    assert.equal(decide({ agent: { build: { tools: { bash: false } } } }, { action: 'bash', resources: ['ls'] }).decision, 'deny');
  });

  it('explicit permission values win over tools, but tools keep the key position (OpenCode merges tools first)', () => {
    const rs = parse({ permission: { '*': 'ask', bash: 'allow', edit: 'deny', '1': 'deny' }, tools: { bash: false, write: true, zz: false } });
    const mine = rs.rules.filter((r) => r.layer === undefined).map((r) => `${r.action} ${r.resource} ${r.decision}`);
    // As `opencode debug agent build` (1.18.33) prints them: integer keys first, then tools' keys, then the rest.
    assert.deepEqual(mine, ['1 * deny', 'bash * allow', 'edit * deny', 'zz * deny', '* * ask']);
  });

  it('explore: deny everything except its read-only tools; the .env read defaults stay for build', () => {
    assert.equal(decide({}, { action: 'edit', resources: ['a'], agent: 'explore' }).decision, 'deny');
    assert.equal(decide({}, { action: 'bash', resources: ['ls'], agent: 'explore' }).decision, 'allow');
    assert.equal(decide({}, { action: 'read', resources: ['.env'] }).decision, 'ask');
    assert.equal(decide({}, { action: 'read', resources: ['x.env.example'] }).decision, 'allow');
  });

  it('compaction, title and summary deny everything; general denies todowrite', () => {
    for (const agent of ['compaction', 'title', 'summary']) assert.equal(decide({}, { action: 'read', resources: ['a'], agent }).decision, 'deny');
    assert.equal(decide({}, { action: 'todowrite', resources: ['*'], agent: 'general' }).decision, 'deny');
  });

  it('an agent neither built in nor configured is refused; a config-only agent runs the defaults and top-level rules', () => {
    const v = decide(issue, { action: 'read', resources: ['a'], agent: 'ghost' });
    assert.equal(v.decision, 'deny');
    assert.match(v.trace.notes.join(' '), /neither built into OpenCode/);
    const cfg = { permission: { bash: 'ask' }, agent: { reviewer: { description: 'x' } } };
    assert.equal(decide(cfg, { action: 'edit', resources: ['a'], agent: 'reviewer' }).decision, 'allow');
    assert.equal(decide(cfg, { action: 'bash', resources: ['ls'], agent: 'reviewer' }).decision, 'ask');
  });

  it('a disabled agent is refused; default_agent picks the agent of requests without one', () => {
    assert.equal(decide({ agent: { plan: { disable: true } } }, { action: 'read', resources: ['a'], agent: 'plan' }).decision, 'deny');
    assert.equal(decide({ default_agent: 'plan' }, { action: 'edit', resources: ['a'] }).decision, 'deny');
  });

  it('per-agent rules come last: a later per-agent "*": "ask" overrides a top-level deny', () => {
    const cfg = { permission: { edit: { 'secrets/*': 'deny' } }, agent: { build: { permission: { '*': 'ask' } } } };
    assert.equal(decide(cfg, { action: 'edit', resources: ['secrets/a'] }).decision, 'ask');
    assert.equal(decide(cfg, { action: 'edit', resources: ['secrets/a'], agent: 'plan' }).decision, 'deny');
  });

  it('the file\'s rules keep their numbers 1…n; built-in rules are numbered after them and have no place in the file', () => {
    const rs = parse(issue);
    assert.equal(rs.rules[0].label, 'bash rm * deny');
    assert.equal(rs.rules[0].layer, undefined);
    assert.ok(rs.rules.slice(1).every((r) => r.layer !== undefined));
    assert.equal(rulesFor(rs, 'build')[0].label, `* * allow — built-in defaults, OpenCode ${OPENCODE_VERSION}`);
  });

  it('the tool-output allow comes after every agent\'s rules unless the agent denies exactly that folder', () => {
    const out = `${HOME}/.local/share/opencode/tool-output/*`;
    const tail = (config: unknown) => rulesFor(parse(config), 'build').at(-1)!.label;
    assert.match(tail({}), /tool-output\/\* allow — built-in, after every agent/);
    assert.equal(tail({ permission: { external_directory: { [out]: 'deny' } } }), `external_directory ${out} deny`);
    assert.equal(tail({ permission: { external_directory: { '~/.local/share/opencode/tool-output/*': 'deny' } } }), 'external_directory ~/.local/share/opencode/tool-output/* deny');
  });

  it('$HOME expands at the start of a pattern even without a slash, as OpenCode does', () => {
    const rs = parse({ permission: { read: { '$HOMEx': 'deny' } } });
    assert.equal(evaluateOpencode(rs, { action: 'read', resources: [`${HOME}x`] }).decision, 'deny');
  });

  it('V2 files get the V2 table: config-only agents start with nothing built in', () => {
    const cfg = { permissions: [{ action: 'bash', resource: 'rm *', effect: 'deny' }], agents: { reviewer: { permissions: [] } } };
    assert.equal(decide(cfg, { action: 'bash', resources: ['ls'] }).decision, 'allow');
    assert.equal(decide(cfg, { action: 'bash', resources: ['ls'], agent: 'reviewer' }).decision, 'ask');
    assert.equal(decide(cfg, { action: 'doom_loop', resources: ['x'] }).decision, 'allow');
  });
});
