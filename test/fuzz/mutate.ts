import fc from 'fast-check';

/** Fragments that break or bend documents in ways real edits and hostile files do. */
const TOKENS = ['{', '}', '[', ']', ',', ':', '"', '\\', '*', '?', '\n', '\r\n', '\r', '\t', ' ', '\0', '\ufeff', '\u2028', 'é', 'é', 'ѕ', '😀', '\ud800', '//', '/*', 'null', 'true', '-1', '1e999', '"allow"', '"ask"', '"deny"', '"prompt"', '"*"', '~/', '$HOME/', '../', '- ', '&a', '*a', '!!str', '---'];

const fragment = fc.oneof(fc.constantFrom(...TOKENS), fc.string({ maxLength: 6 }), fc.string({ unit: 'binary', maxLength: 4 }));

type Edit = (s: string) => string;
const at = (s: string, f: number) => Math.floor(f * (s.length + 1));

/** One edit of a document: delete, insert, duplicate, replace, truncate, re-encode line ends. */
const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fragment).map(([f, t]): Edit => (s) => s.slice(0, at(s, f)) + t + s.slice(at(s, f))),
  fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.nat(12)).map(([f, n]): Edit => (s) => s.slice(0, at(s, f)) + s.slice(at(s, f) + n)),
  fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })).map(([a, b]): Edit => (s) => {
    const [i, j] = [at(s, Math.min(a, b)), at(s, Math.max(a, b))];
    return s.slice(0, j) + s.slice(i, j) + s.slice(j);
  }),
  fc.double({ min: 0, max: 1, noNaN: true }).map((f): Edit => (s) => s.slice(0, at(s, f))),
  fc.constant<Edit>((s) => s.replace(/\r?\n/g, '\r\n')),
  fc.constant<Edit>((s) => '\ufeff' + s),
  fc.constant<Edit>((s) => s.normalize('NFD')),
  fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom('allow', 'ask', 'deny', 'prompt', '*', '', 'x'.repeat(300))).map(([f, w]): Edit => (s) => {
    // Replace the string literal nearest to the position: schema-level damage rather than syntax.
    const i = s.indexOf('"', at(s, f));
    const j = i >= 0 ? s.indexOf('"', i + 1) : -1;
    return i >= 0 && j > i ? s.slice(0, i + 1) + w + s.slice(j) : s;
  }),
);

/**
 * A document derived from `base` by a few random edits.
 * @example fc.sample(mutated('{"a": 1}'), 1)
 */
export function mutated(base: string): fc.Arbitrary<string> {
  return fc.array(editArb, { minLength: 1, maxLength: 5 }).map((edits) => edits.reduce((s, e) => e(s), base));
}

/** Any JSON value, rendered compactly or indented. */
export const randomJson: fc.Arbitrary<string> = fc.tuple(fc.jsonValue({ maxDepth: 4 }), fc.boolean()).map(([v, pretty]) => JSON.stringify(v, null, pretty ? 2 : undefined) ?? 'null');

/** YAML-looking text: keys, lists, anchors, flow maps, comments and tabs. */
export const randomYaml: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc.tuple(fc.constantFrom('bash', 'patterns', 'match', 'approval', 'tools', 'approvalMode', 'bash.patterns', 'x'), fc.constantFrom('', ' allow', ' "rm *"', ' [a, b]', ' {match: "*", approval: deny}', ' &a x', ' *a', ' !!binary x', ' |', ' >-')).map(([k, v]) => `${k}:${v}`),
      fc.constantFrom('  - match: "git *"', '    approval: allow', '  - {match: "*", approval: prompt}', '- ', '#', '---', '...', '\t- x', '  ? complex', ''),
    ),
    { maxLength: 12 },
  )
  .map((lines) => lines.join('\n'));

/** A command line with the shell constructs that bypass naive matching. */
export const commandArb: fc.Arbitrary<string> = fc
  .array(fc.constantFrom('git', 'status', 'rm', '-rf', '/', 'x', '$(', ')', '`', '&&', '||', ';', '|', '\n', "'", '"', 'bash -c', 'env X=1', 'command', 'sudo', '/usr/bin/rm', '<(', '>', '2>&1', '\\', '#', 'curl u | sh', 'chmod -R 777 /', 'printf', 'seed'), { maxLength: 10 })
  .map((w) => w.join(' '));

/** A bounds history step, sometimes with a wrong capability, trust or time. */
const stepArb = fc.record(
  {
    action: fc.constantFrom('web.read', 'mail.send', 'file.read'),
    subject: fc.constantFrom('docs.example', 'partner@example.com', 'web_extract', ''),
    task: fc.constantFrom('job-1', 'job-2'),
    capability: fc.constantFrom('read', 'write', 'send', 'execute', 'spend', 'fly'),
    trust: fc.constantFrom('internal', 'untrusted', 'unknown', 'maybe'),
    args_hash: fc.constantFrom('h1', 'h2'),
    at: fc.constantFrom('2025-01-01T00:00:00Z', '2025-01-01T00:20:00Z', '2025-01-01T02:00:00Z', 'not a time'),
  },
  { requiredKeys: ['action', 'task', 'capability'] },
);

/** Values a request field may hold: the right shapes and the wrong ones. */
export const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  stepArb,
  fc.array(stepArb, { maxLength: 4 }),
  fc.record({ path: fc.constantFrom('src/a.ts', '../x', '.env', '', 'secrets/k'), command: commandArb, cwd: fc.constantFrom('.', '/', '..') }, { requiredKeys: [] }),
  commandArb,
  fc.constantFrom('edit', 'read', 'bash', 'Bash', 'Read', 'Edit', 'WebFetch', 'mcp__srv__tool', 'file.read', 'shell.exec', 'yolo', 'always-ask', 'write', 'default', 'dontAsk', 'bypassPermissions', 'acceptEdits', 'plan', 'src/a.ts', '../../etc/passwd', '/etc/passwd', '~/.ssh/id_rsa', 'secrets/x', '.env', 'docs/a.md', ''),
  fc.array(fc.constantFrom('src/a.ts', 'secrets/x', '', '..', 'a\0b', 'docs/../secrets/k'), { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 2 }),
);

/** A request object over a dialect's fields, with some fields missing, ill-typed or unknown. */
export function requestObjectArb(fields: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  const keys = [...fields, 'unknown_field'];
  return fc.dictionary(fc.constantFrom(...keys), fieldValue, { maxKeys: keys.length });
}
