// Conformance with Codex CLI's exec policy: each case restates a test of Codex's own suite
// (openai/codex, codex-rs/execpolicy/tests/basic.rs, named per case) or its documented behaviour,
// in RuleLens terms. A failing case here means RuleLens decides differently from Codex.
import { strict as assert } from 'assert';
import { evaluateCodex, initStarlarkParser, parseCodex } from '../../shared/dialects/codex';
import type { CodexRequest } from '../../shared/dialects/codex';

const parse = (text: string) => parseCodex({ path: '/home/u/.codex/rules/test.rules', text });
const decide = (text: string, command: string[], extra: Partial<CodexRequest> = {}) => evaluateCodex(parse(text), { command, ...extra });
const matchedRows = (text: string, command: string[]) => decide(text, command).trace.sections[0].rows.filter((r) => r.matches[0]).length;

describe('conformance: codex execpolicy (codex-rs/execpolicy/tests/basic.rs)', () => {
  before(initStarlarkParser);

  it('basic_match: a rule without decision allows, as a prefix', () => {
    const v = decide('prefix_rule(\n    pattern = ["git", "status"],\n)', ['git', 'status']);
    assert.equal(v.native, 'allow');
    assert.equal(v.details.matched, true);
  });

  it('justification_is_attached_to_forbidden_matches: extra arguments still match', () => {
    assert.equal(decide('prefix_rule(pattern=["rm"], decision="forbidden", justification="destructive command")', ['rm', '-rf', '/some/important/folder']).native, 'forbidden');
  });

  it('justification_can_be_used_with_allow_decision', () => {
    const v = decide('prefix_rule(pattern=["ls"], decision="allow", justification="safe and commonly used")', ['ls', '-l'], { fallback: 'prompt' });
    assert.equal(v.native, 'allow');
  });

  it('justification_cannot_be_empty: a blank justification is a load error', () => {
    const rs = parse('prefix_rule(pattern=["ls"], decision="prompt", justification="   ")');
    assert.ok(rs.loadErrors > 0);
    assert.match(rs.findings[0].message, /justification cannot be empty/);
  });

  it('parses_multiple_policy_files / strictest_decision_wins_across_matches: all matches combine, strictest wins', () => {
    const text = 'prefix_rule(pattern=["git"], decision="prompt")\nprefix_rule(pattern=["git", "commit"], decision="forbidden")';
    assert.equal(decide(text, ['git', 'status']).native, 'prompt');
    assert.equal(decide(text, ['git', 'commit', '-m', 'hi']).native, 'forbidden');
    assert.equal(matchedRows(text, ['git', 'commit', '-m', 'hi']), 2);
  });

  it('strictest_decision_across_multiple_commands: a split script takes the strictest part', () => {
    const text = 'prefix_rule(pattern=["git"], decision="prompt")\nprefix_rule(pattern=["git", "commit"], decision="forbidden")';
    const v = decide(text, ['bash', '-lc', 'git status && git commit -m hi']);
    assert.equal(v.native, 'forbidden');
    assert.equal(v.trace.sections.length, 2);
  });

  it('only_first_token_alias_expands_to_multiple_rules', () => {
    const text = 'prefix_rule(\n    pattern = [["bash", "sh"], ["-c", "-l"]],\n)';
    const rs = parse(text);
    assert.deepEqual(rs.rules.map((r) => r.program), ['bash', 'sh']);
    assert.equal(evaluateCodex(rs, { command: ['bash', '-c', 'echo', 'hi'] }).native, 'allow');
    assert.equal(evaluateCodex(rs, { command: ['sh', '-l', 'echo', 'hi'] }).native, 'allow');
  });

  it('tail_aliases_are_not_cartesian_expanded: one rule, alternatives per position', () => {
    const rs = parse('prefix_rule(\n    pattern = ["npm", ["i", "install"], ["--legacy-peer-deps", "--no-save"]],\n)');
    assert.equal(rs.rules.length, 1);
    assert.equal(evaluateCodex(rs, { command: ['npm', 'i', '--legacy-peer-deps'] }).native, 'allow');
    assert.equal(evaluateCodex(rs, { command: ['npm', 'install', '--no-save', 'leftpad'] }).native, 'allow');
    assert.equal(evaluateCodex(rs, { command: ['npm', 'install', 'leftpad'] }).details.matched, false);
  });

  it('match_and_not_match_examples_are_enforced: passing examples load; token order matters', () => {
    const text = 'prefix_rule(\n    pattern = ["git", "status"],\n    match = [["git", "status"], "git status"],\n    not_match = [\n        ["git", "--config", "color.status=always", "status"],\n        "git --config color.status=always status",\n    ],\n)';
    const rs = parse(text);
    assert.equal(rs.loadErrors, 0);
    assert.equal(evaluateCodex(rs, { command: ['git', '--config', 'color.status=always', 'status'], fallback: 'allow' }).details.matched, false);
  });

  it('a failing match example is a load error at the example (rule.rs validate_match_examples)', () => {
    const rs = parse('prefix_rule(pattern=["git", "status"], match=["git push"])');
    const f = rs.findings.find((x) => x.code === 'codex-example-failed');
    assert.ok(f);
    assert.deepEqual(f.range.start, { line: 0, character: 46 });
  });

  it('heuristics_match_is_returned_when_no_policy_matches: the fallback decides', () => {
    assert.equal(evaluateCodex(parse(''), { command: ['python'], fallback: 'prompt' }).native, 'prompt');
    assert.equal(evaluateCodex(parse(''), { command: ['python'], fallback: 'allow' }).native, 'allow');
  });

  it('host_executable_rejects_non_absolute_path / _name_with_path_separator / _path_with_wrong_basename', () => {
    assert.match(parse('host_executable(name = "git", paths = ["git"])').findings[0].message, /paths must be absolute/);
    assert.match(parse('host_executable(name = "/usr/bin/git", paths = ["/usr/bin/git"])').findings[0].message, /bare executable name/);
    assert.match(parse('host_executable(name = "git", paths = ["/usr/bin/rg"])').findings[0].message, /must have basename `git`/);
  });

  it('host_executable_resolution_uses_basename_rule_when_allowed', () => {
    const text = 'prefix_rule(pattern = ["git", "status"], decision = "prompt")\nhost_executable(name = "git", paths = ["/usr/bin/git"])';
    assert.equal(decide(text, ['/usr/bin/git', 'status'], { fallback: 'allow' }).native, 'prompt');
  });

  it('host_executable_resolution_respects_explicit_empty_allowlist', () => {
    const text = 'prefix_rule(pattern = ["git"], decision = "prompt")\nhost_executable(name = "git", paths = [])';
    const v = decide(text, ['/usr/bin/git', 'status'], { fallback: 'allow' });
    assert.equal(v.native, 'allow');
    assert.equal(v.details.matched, false);
  });

  it('host_executable_resolution_ignores_path_not_in_allowlist', () => {
    const text = 'prefix_rule(pattern = ["git"], decision = "prompt")\nhost_executable(name = "git", paths = ["/usr/bin/git"])';
    assert.equal(decide(text, ['/opt/homebrew/bin/git', 'status'], { fallback: 'allow' }).native, 'allow');
  });

  it('host_executable_resolution_falls_back_without_mapping', () => {
    assert.equal(decide('prefix_rule(pattern = ["git"], decision = "prompt")', ['/usr/bin/git', 'status'], { fallback: 'allow' }).native, 'prompt');
  });

  it('host_executable_resolution_does_not_override_exact_match', () => {
    const text = 'prefix_rule(pattern = ["/usr/bin/git"], decision = "allow")\nprefix_rule(pattern = ["git"], decision = "prompt")\nhost_executable(name = "git", paths = ["/usr/bin/git"])';
    assert.equal(decide(text, ['/usr/bin/git', 'status']).native, 'allow');
  });

  it('network_rule_rejects_wildcard_hosts', () => {
    assert.ok(parse('network_rule(host="*", protocol="http", decision="allow")').loadErrors > 0);
  });

  it('documented: prompt under approval policy never becomes forbidden', () => {
    assert.equal(decide('prefix_rule(pattern=["git"], decision="prompt")', ['git', 'push'], { approval: 'never' }).native, 'forbidden');
  });

  it('documented: a script with a redirection, substitution or variable is one command', () => {
    const text = 'prefix_rule(pattern=["ls"], decision="allow")';
    for (const script of ['ls > out', 'ls $(pwd)', 'ls $HOME', 'FOO=1 ls', '(ls)', 'ls &', 'ls `pwd`']) {
      const v = decide(text, ['bash', '-lc', script]);
      assert.equal(v.details.matched, false, script);
      assert.equal(v.trace.sections.length, 1, script);
    }
  });

  it('documented: plain words joined by && || ; | are split, quoted words kept', () => {
    const text = 'prefix_rule(pattern=["git", "commit", "-m"], decision="allow")\nprefix_rule(pattern=["ls"], decision="allow")';
    const v = decide(text, ['bash', '-lc', "ls -l | ls; git commit -m 'a b' || ls"]);
    assert.equal(v.native, 'allow');
    assert.deepEqual(v.trace.sections.map((s) => s.subject), ['ls -l', 'ls', "git commit -m 'a b'", 'ls']);
  });
});
