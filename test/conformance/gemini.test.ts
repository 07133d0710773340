// Conformance with Gemini CLI's policy engine: each case restates a test of Gemini's own suite
// (google-gemini/gemini-cli, packages/core/src/policy/policy-engine.test.ts unless another file is
// named) or its documented behaviour, written as a TOML policy and a tool call.
import { strict as assert } from 'assert';
import { initShellParser } from '../../shared/dialects/claude';
import { evaluateGemini, parseGemini, type GeminiRequest } from '../../shared/dialects/gemini';

const HOME = '/home/u';
const parse = (toml: string) => parseGemini({ path: `${HOME}/.gemini/policies/p.toml`, text: toml }, { home: HOME });
const shell = (command: string, extra: Partial<GeminiRequest> = {}): GeminiRequest => ({ tool: 'run_shell_command', args: { command }, mode: 'default', interactive: true, ...extra });
const decide = (toml: string, req: GeminiRequest) => evaluateGemini(parse(toml), req).native;
const rule = (fields: string) => `[[rule]]\n${fields}\n`;

describe('conformance: gemini policy engine (packages/core/src/policy)', () => {
  before(initShellParser);

  it('should match tool by name', () => {
    const toml = rule('toolName = "read_file"\ndecision = "allow"\npriority = 1');
    assert.equal(decide(toml, { tool: 'read_file', args: {}, mode: 'default', interactive: true }), 'allow');
    assert.equal(decide(toml, { tool: 'write_file', args: {}, mode: 'default', interactive: true }), 'ask_user');
  });

  it('should apply rules by priority (first match in descending priority)', () => {
    const toml = rule('toolName = "shell"\ndecision = "deny"\npriority = 1') + rule('toolName = "shell"\ndecision = "allow"\npriority = 10');
    assert.equal(decide(toml, { tool: 'shell', args: {}, mode: 'default', interactive: true }), 'allow');
  });

  it('should match current tool call against legacy tool name rules', () => {
    const toml = rule('toolName = "search_file_content"\ndecision = "deny"\npriority = 1');
    assert.equal(decide(toml, { tool: 'grep_search', args: {}, mode: 'default', interactive: true }), 'deny');
  });

  it('should handle non-interactive mode (no match → deny)', () => {
    assert.equal(decide(rule('toolName = "x"\ndecision = "allow"\npriority = 1'), { tool: 'y', args: {}, mode: 'default', interactive: false }), 'deny');
  });

  it('should return ALLOW by default in YOLO mode when no rules match', () => {
    assert.equal(decide(rule('toolName = "x"\ndecision = "deny"\npriority = 1'), { tool: 'y', args: {}, mode: 'yolo', interactive: true }), 'allow');
  });

  it('should NOT override explicit DENY rules in YOLO mode', () => {
    assert.equal(decide(rule('toolName = "run_shell_command"\ndecision = "deny"\npriority = 10'), shell('ls', { mode: 'yolo' })), 'deny');
  });

  it('should dynamically switch between modes and respect rule modes', () => {
    const toml = rule('toolName = "edit"\ndecision = "allow"\npriority = 10\nmodes = ["autoEdit"]');
    assert.equal(decide(toml, { tool: 'edit', args: {}, mode: 'autoEdit', interactive: true }), 'allow');
    assert.equal(decide(toml, { tool: 'edit', args: {}, mode: 'default', interactive: true }), 'ask_user');
  });

  it('should fail closed in YOLO mode when shell parsing fails for restricted rule', () => {
    const toml = rule('toolName = "run_shell_command"\nargsPattern = "\\"command\\":\\"echo"\ndecision = "allow"\npriority = 1');
    assert.equal(decide(toml, shell('echo "unterminated', { mode: 'yolo' })), 'deny');
  });

  it('should return ASK_USER in non-YOLO mode if shell command parsing fails', () => {
    assert.equal(decide(rule('toolName = "run_shell_command"\ndecision = "allow"\npriority = 1'), shell('echo "unterminated')), 'ask_user');
  });

  it('MCP server wildcard patterns: should NOT match spoofed server names / should verify tool name prefix', () => {
    const toml = rule('toolName = "*"\nmcpName = "safe"\ndecision = "allow"\npriority = 1');
    assert.equal(decide(toml, { tool: 'mcp_safe_tool', args: {}, mode: 'default', interactive: true }), 'allow');
    assert.equal(decide(toml, { tool: 'mcp_other_tool', args: {}, mode: 'default', interactive: true, server: 'safe' }), 'ask_user');
    assert.equal(decide(toml, { tool: 'mcp_safe_tool', args: {}, mode: 'default', interactive: true, server: 'safe_evil' }), 'ask_user');
  });

  it('should match any MCP tool when toolName is mcp_*', () => {
    const toml = rule('toolName = "mcp_*"\ndecision = "deny"\npriority = 1');
    assert.equal(decide(toml, { tool: 'mcp_github_create', args: {}, mode: 'default', interactive: true }), 'deny');
    assert.equal(decide(toml, { tool: 'read_file', args: {}, mode: 'default', interactive: true }), 'ask_user');
  });

  it('should correctly match commands with quotes in commandPrefix', () => {
    assert.equal(decide(rule('toolName = "run_shell_command"\ncommandPrefix = \'git commit -m "fix"\'\ndecision = "allow"\npriority = 1'), shell('git commit -m "fix"')), 'allow');
  });

  it('should match args pattern regardless of property order (stable stringify)', () => {
    const toml = rule('toolName = "t"\nargsPattern = \'"a":1.*"b":2\'\ndecision = "deny"\npriority = 1');
    assert.equal(decide(toml, { tool: 't', args: { b: 2, a: 1 }, mode: 'default', interactive: true }), 'deny');
  });

  it('should downgrade ALLOW to ASK_USER for redirected shell commands', () => {
    assert.equal(decide(rule('toolName = "run_shell_command"\ncommandPrefix = "echo"\ndecision = "allow"\npriority = 1'), shell('echo hi > out')), 'ask_user');
  });

  it('should allow redirected shell commands when allowRedirection is true', () => {
    assert.equal(decide(rule('toolName = "run_shell_command"\ncommandPrefix = "echo"\ndecision = "allow"\npriority = 1\nallowRedirection = true'), shell('echo hi > out')), 'allow');
  });

  it('should NOT downgrade ALLOW to ASK_USER for quoted redirection chars', () => {
    assert.equal(decide(rule('toolName = "run_shell_command"\ncommandPrefix = "echo"\ndecision = "allow"\npriority = 1'), shell('echo "-> arrow"')), 'allow');
  });

  it('should respect explicit DENY for compound commands even if parts are allowed / should propagate DENY from any sub-command', () => {
    const toml = rule('toolName = "run_shell_command"\ncommandPrefix = "git status"\ndecision = "allow"\npriority = 10') + rule('toolName = "run_shell_command"\ncommandPrefix = "rm"\ndecision = "deny"\npriority = 20');
    assert.equal(decide(toml, shell('git status && rm -rf /')), 'deny');
    assert.equal(decide(toml, shell('git status; echo $(rm x)')), 'deny');
  });

  it('should avoid infinite recursion for commands with substitution', () => {
    assert.equal(decide(rule('toolName = "run_shell_command"\ndecision = "allow"\npriority = 1'), shell('echo $(ls)')), 'allow');
  });

  it('should require confirmation for a compound command with redirection even if individual commands are allowed', () => {
    const toml = rule('toolName = "run_shell_command"\ncommandRegex = "mkdir\\\\b"\ndecision = "allow"\npriority = 20') + rule('toolName = "run_shell_command"\ncommandRegex = "echo\\\\b"\ndecision = "allow"\npriority = 20');
    assert.equal(decide(toml, shell('mkdir -p "bar" && echo "hello" > bar/test.md')), 'ask_user');
  });

  it('should allow redirected shell commands in AUTO_EDIT mode if individual commands are allowed', () => {
    assert.equal(decide(rule('toolName = "run_shell_command"\ncommandPrefix = "echo"\ndecision = "allow"\npriority = 1'), shell('echo hi > out', { mode: 'autoEdit' })), 'allow');
  });

  it('should allow compound commands with safe operators (&&, ||) if individual commands are allowed', () => {
    const toml = rule('toolName = "run_shell_command"\ncommandPrefix = ["git status", "ls"]\ndecision = "allow"\npriority = 1');
    assert.equal(decide(toml, shell('git status && ls || ls')), 'allow');
  });

  it('documented: commandPrefix is a word-boundary prefix (utils.ts buildArgsPatterns)', () => {
    const toml = rule('toolName = "run_shell_command"\ncommandPrefix = "git log"\ndecision = "allow"\npriority = 1');
    assert.equal(decide(toml, shell('git log -1')), 'allow');
    assert.equal(decide(toml, shell('git log')), 'allow');
    assert.equal(decide(toml, shell('git logout')), 'ask_user');
  });

  it('documented: ^ in commandRegex never matches (the regex runs after "command":")', () => {
    assert.equal(decide(rule('toolName = "run_shell_command"\ncommandRegex = "^git"\ndecision = "deny"\npriority = 1'), shell('git push')), 'ask_user');
  });

  it('documented: bash -c payloads are checked (shell-utils.ts stripShellWrapper)', () => {
    assert.equal(decide(rule('toolName = "run_shell_command"\ncommandPrefix = "rm"\ndecision = "deny"\npriority = 1'), shell("bash -c 'rm -rf x'")), 'deny');
  });

  it('documented: dangerous commands are at most ask_user outside yolo (commandSafety.ts isDangerousCommand)', () => {
    const toml = rule('toolName = "run_shell_command"\ndecision = "allow"\npriority = 1');
    assert.equal(decide(toml, shell('rm -rf build')), 'ask_user');
    assert.equal(decide(toml, shell('find . -delete')), 'ask_user');
    assert.equal(decide(toml, shell('rm -rf build', { mode: 'yolo' })), 'allow');
    assert.equal(decide(toml, shell('rm build')), 'allow');
  });

  it('toml-loader: tier + priority/1000; user rules beat the built-in defaults', () => {
    const rs = parse(rule('toolName = "x"\ndecision = "allow"\npriority = 999'));
    assert.equal(rs.rules[0].effective, 4.999);
  });

  it('toml-loader: priority must be an integer 0–999; a schema error drops the whole file', () => {
    for (const p of ['1000', '-1', '1.5', '"1"']) {
      const rs = parse(rule('toolName = "x"\ndecision = "allow"\npriority = 10') + rule(`toolName = "y"\ndecision = "deny"\npriority = ${p}`));
      assert.equal(rs.dropped, true, p);
      assert.equal(evaluateGemini(rs, { tool: 'x', args: {}, mode: 'default', interactive: true }).native, 'ask_user', p);
    }
  });

  it('toml-loader: an unsafe regex drops only its rule (utils.ts isSafeRegExp)', () => {
    const rs = parse(rule('toolName = "t"\nargsPattern = "(a+)+"\ndecision = "allow"\npriority = 1') + rule('toolName = "u"\ndecision = "allow"\npriority = 1'));
    assert.equal(rs.rules.length, 1);
    assert.ok(rs.findings.some((f) => f.code === 'gemini-unsafe-regex'));
  });

  it('toml-loader: arrays expand to one rule per element; commandPrefix on another tool is an error', () => {
    assert.equal(parse(rule('toolName = ["a", "b"]\ndecision = "allow"\npriority = 1')).rules.length, 2);
    assert.ok(parse(rule('toolName = "read_file"\ncommandPrefix = "x"\ndecision = "allow"\npriority = 1')).findings.some((f) => f.severity === 'error'));
  });
});
