import { strict as assert } from 'assert';
import { codex, evaluateCodex, initStarlarkParser, lintCodex, parseCodex } from '../../../shared/dialects/codex';
import { readRequirementsRules } from '../../../shared/dialects/codex/requirements';

const REQUIREMENTS = `# pinned by the admin
approval_policy = "on-request"

[rules]
prefix_rules = [
  { pattern = [{ token = "git" }, { any_of = ["push", "reset"] }], decision = "forbidden", justification = "no history rewrites" },
  { pattern = [{ any_of = ["curl", "wget"] }], decision = "prompt" },
]
`;

describe('codex: an admin requirements.toml', () => {
  before(initStarlarkParser);

  it('reads [rules] prefix_rules: one rule per alternative head, exact ranges', () => {
    const r = readRequirementsRules(REQUIREMENTS);
    assert.deepEqual(r.errors, []);
    assert.deepEqual(
      r.rules.map((x) => x.label),
      ['git [push|reset] → forbidden', 'curl → prompt', 'wget → prompt'],
    );
    assert.equal(r.rules[0].justification, 'no history rewrites');
    assert.equal(r.rules[0].range.start.line, 5, 'the rule points at its own entry');
  });

  it('rejects what Codex rejects: allow, a missing decision, bad tokens, a reviewer off prompt, an empty list', () => {
    const cases: Array<[string, RegExp]> = [
      ['[rules]\nprefix_rules = [{ pattern = [{ token = "ls" }], decision = "allow" }]', /decision 'allow'.*does not permit/],
      ['[rules]\nprefix_rules = [{ pattern = [{ token = "ls" }] }]', /missing a decision/],
      ['[rules]\nprefix_rules = [{ pattern = [{ token = "ls", any_of = ["a"] }], decision = "prompt" }]', /either token or any_of, not both/],
      ['[rules]\nprefix_rules = [{ pattern = [{ any_of = [] }], decision = "prompt" }]', /any_of cannot be empty/],
      ['[rules]\nprefix_rules = [{ pattern = [{ token = " " }], decision = "prompt" }]', /token cannot be empty/],
      ['[rules]\nprefix_rules = [{ pattern = [], decision = "prompt" }]', /empty pattern/],
      ['[rules]\nprefix_rules = [{ pattern = [{ token = "rm" }], decision = "forbidden", reviewer = "x" }]', /reviewer.*only valid with decision 'prompt'/],
      ['[rules]\nprefix_rules = [{ pattern = [{ token = "rm" }], decision = "forbidden", justification = "" }]', /empty justification/],
      ['[rules]\nprefix_rules = []', /cannot be empty/],
      ['[rules]\nprefix_rules = [{ pattern = [{ token = "rm" }], decision = "deny" }]', /decision must be "prompt" or "forbidden"/],
      ['[rules\nprefix_rules = 1', /invalid TOML/],
    ];
    for (const [text, want] of cases) {
      const r = readRequirementsRules(text);
      assert.equal(r.errors.length, 1, text);
      assert.match(r.errors[0].message, want, text);
      assert.equal(r.rules.length, 0, 'a rejected file adds no rules');
    }
  });

  it('checked on its own: detected as codex, errors located at the entry, rules evaluated', () => {
    const path = '/etc/codex/requirements.toml';
    assert.ok(codex.detect({ path, text: REQUIREMENTS }) > 0);
    assert.equal(codex.detect({ path: '/p/requirements.toml', text: 'name = "x"' }), 0, 'an unrelated requirements.toml is not claimed');
    const rs = parseCodex({ path, text: REQUIREMENTS });
    assert.equal(rs.loadErrors, 0);
    assert.equal(evaluateCodex(rs, { command: ['git', 'push', 'origin'] }).decision, 'deny');
    assert.equal(evaluateCodex(rs, { command: ['wget', 'x'] }).decision, 'ask');
    const bad = parseCodex({ path, text: '[rules]\nprefix_rules = [\n  { pattern = [{ token = "ls" }], decision = "allow" },\n]\n' });
    assert.equal(bad.loadErrors, 1);
    assert.equal(bad.findings[0].range.start.line, 2);
    assert.match(bad.findings[0].message, /Codex rejects this requirements file/);
  });

  it('joins a .rules file as a layer: it can only tighten, and the trace names it', () => {
    const text = 'prefix_rule(pattern=["git"], decision="allow")\nprefix_rule(pattern=["curl"], decision="allow")';
    const ctx = { codexRequirements: { path: '/etc/codex/requirements.toml', text: REQUIREMENTS } };
    const alone = parseCodex({ path: '/h/.codex/rules/default.rules', text });
    const joined = parseCodex({ path: '/h/.codex/rules/default.rules', text }, ctx);
    assert.equal(evaluateCodex(alone, { command: ['git', 'push'] }).decision, 'allow');
    const v = evaluateCodex(joined, { command: ['git', 'push'] });
    assert.equal(v.decision, 'deny');
    assert.equal(joined.rules[v.rule!.index].layer, 'requirements, /etc/codex/requirements.toml');
    assert.equal(evaluateCodex(joined, { command: ['git', 'status'] }).decision, 'allow', 'what the admin did not name is unchanged');
    assert.equal(evaluateCodex(joined, { command: ['curl', 'x'] }).decision, 'ask');
    // The file's curl allow never decides now; the finding points at the file's rule only.
    const dead = lintCodex(joined).filter((f) => f.code === 'dead-rule');
    assert.equal(dead.length, 1);
    assert.match(dead[0].message, /curl → prompt — requirements, \/etc\/codex\/requirements\.toml/);
    assert.equal(dead[0].range.start.line, 1);
    assert.equal(dead[0].related, undefined, 'no link into a file that is not this one');
  });

  it('a requirements file Codex rejects: an error here, and no allow until it is fixed', () => {
    const ctx = { codexRequirements: { path: '/etc/codex/requirements.toml', text: '[rules]\nprefix_rules = [{ pattern = [{ token = "rm" }], decision = "allow" }]' } };
    const rs = parseCodex({ path: '/h/.codex/rules/default.rules', text: 'prefix_rule(pattern=["ls"], decision="allow")' }, ctx);
    assert.ok(rs.findings.some((f) => f.code === 'codex-requirements-invalid' && f.severity === 'error'));
    const v = evaluateCodex(rs, { command: ['ls'] });
    assert.equal(v.decision, 'ask');
    assert.ok(v.trace.notes.some((n) => /rejected by Codex/.test(n)));
  });
});
