// Claude Code policies for the differential test: rules, modes and the agent's guards spread over
// the project, local, user and (where a private mount namespace is available) managed settings,
// and a generated PreToolUse hook script that answers allow, ask, deny, exit 2 or nothing. Every
// command and path is harmless inside the case's temp folders: the CLI really runs what it allows.
import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import type { ToolCall } from './mock-api';
import { HOOK_ASK_REASON, type OracleCase } from './oracle';

/** What the generated hook script answers, and how a request pins that answer. */
export const HOOK_ANSWERS = { allow: 'allow', ask: 'ask', deny: 'deny', exit2: 'deny', silent: 'none' } as const;
export type HookScript = keyof typeof HOOK_ANSWERS;

/** Whether managed settings can be given to the CLI here (an overlay on /etc in a private mount namespace). */
export const CAN_MANAGE = spawnSync('unshare', ['-m', 'true']).status === 0;

const LAYERS = CAN_MANAGE ? (['project', 'local', 'user', 'managed'] as const) : (['project', 'local', 'user'] as const);
type Layer = (typeof LAYERS)[number];

const ALLOW = ['Bash(make:*)', 'Bash(echo *)', 'Bash(ls *)', 'Bash', 'Bash(*)', 'Edit(.claude/**)', 'Edit(//{{base}}/other/**)', 'Read(//{{base}}/**)', 'Edit(docs/**)'];
const DENY = ['Bash(make:*)', 'Bash(rm *)', 'Edit(docs/**)', 'Read(.env)', 'Bash(*)'];
const ASK = ['Bash(make:*)', 'Bash(echo *)', 'Edit(.claude/**)'];
const MODES = [undefined, undefined, 'default', 'acceptEdits', 'dontAsk'];
const GUARDS = ['blockWritesOutsideWorkingDirectories', 'blockReadsOutsideWorkingDirectories', 'denyInsteadOfPrompting'] as const;
const MATCHERS = ['Bash', 'Write', '*', 'Bash|Write', 'bash', 'Read'];

const permissions = fc
  .record({
    allow: fc.subarray(ALLOW, { maxLength: 2 }),
    deny: fc.subarray(DENY, { maxLength: 1 }),
    ask: fc.subarray(ASK, { maxLength: 1 }),
    mode: fc.constantFrom(...MODES),
    guards: fc.subarray([...GUARDS], { maxLength: 1 }),
  })
  .map(({ allow, deny, ask, mode, guards }) => ({
    allow,
    deny,
    ask,
    ...(mode ? { defaultMode: mode } : {}),
    ...Object.fromEntries(guards.map((g) => [g, true])),
  }));

/** The hook script for an answer: reads the call on stdin, answers on stdout (or exits 2). */
export function hookScript(answer: HookScript): string {
  if (answer === 'exit2') return '#!/bin/sh\ncat >/dev/null\necho blocked-by-rulelens-hook >&2\nexit 2\n';
  if (answer === 'silent') return '#!/bin/sh\ncat >/dev/null\nexit 0\n';
  const reason = answer === 'ask' ? HOOK_ASK_REASON : `rulelens-hook ${answer}`;
  return `#!/bin/sh\ncat >/dev/null\necho '${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: answer, permissionDecisionReason: reason } })}'\n`;
}

/** A generated policy case: the oracle's case, and what the hook answers (for the request to pin). */
export interface PolicyCase {
  c: OracleCase;
  hook: HookScript | null;
}

const calls: fc.Arbitrary<ToolCall> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('make all', 'echo hi', 'ls docs', 'echo hi > docs/out.txt', 'echo hi > .claude/notes.txt', 'cat {{base}}/outside.txt', 'echo $(echo x)', 'rm -f nothing', 'true').map((command) => ({ name: 'Bash', input: { command, description: 'x' } })) },
  { weight: 2, arbitrary: fc.constantFrom('{{project}}/docs/new.md', '{{project}}/.claude/notes.txt', '{{project}}/.claude/settings.local.json', '{{base}}/other/x.txt', '{{project}}/new.txt').map((file_path) => ({ name: 'Write', input: { file_path, content: 'z\n' } })) },
  { weight: 2, arbitrary: fc.constantFrom('{{project}}/a.txt', '{{base}}/outside.txt', '{{project}}/.env').map((file_path) => ({ name: 'Read', input: { file_path } })) },
);

/** One case: one to three layers with settings, maybe a hook in one of them, one call. */
export const policyCaseArb: fc.Arbitrary<PolicyCase> = fc
  .record({
    layers: fc.subarray([...LAYERS], { minLength: 1, maxLength: 3 }),
    perms: fc.array(permissions, { minLength: 4, maxLength: 4 }),
    hook: fc.option(fc.record({ answer: fc.constantFrom<HookScript>('allow', 'ask', 'deny', 'exit2', 'silent'), matcher: fc.constantFrom(...MATCHERS), layer: fc.constantFrom<Layer>('project', 'local', 'user') }), { freq: 2 }),
    call: calls,
  })
  .map(({ layers, perms, hook, call }) => {
    const c: OracleCase = { call, files: { 'a.txt': 'a\n', 'docs/a.md': '# a\n', '.env': 'X=1\n', '../outside.txt': 'o\n', '../other/.keep': '' } };
    layers.forEach((l, i) => ((c as Record<Layer, unknown>)[l] = { permissions: perms[i] }));
    if (hook) {
      const target = ((c as Record<Layer, { hooks?: unknown } | undefined>)[hook.layer] ??= {});
      target.hooks = { PreToolUse: [{ matcher: hook.matcher, hooks: [{ type: 'command', command: '{{project}}/guard.sh' }] }] };
      c.files = { ...c.files, 'guard.sh': hookScript(hook.answer) };
    }
    return { c, hook: hook?.answer ?? null };
  });
