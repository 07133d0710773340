// What the differential property generates: settings (allow/ask/deny rules of all forms, modes) and
// tool calls (Bash commands built from harmless pieces and the hostile-shell shapes, Read and Write
// paths inside and outside the project). Every command is harmless inside the temp project: the
// CLI really runs what it allows.
import fc from 'fast-check';
import type { ToolCall } from './mock-api';
import type { OracleCase } from './oracle';

/** Files every case's project holds. */
export const PROJECT_FILES: Readonly<Record<string, string>> = { 'a.txt': 'a\n', 'docs/a.md': '# a\n', '.env': 'X=1\n', 'b.txt': 'b\n' };

const ALLOW_RULES = [
  'Bash(echo:*)', 'Bash(echo *)', 'Bash(touch:*)', 'Bash(touch x)', 'Bash(ls *)', 'Bash(git status)', 'Bash(mkdir *)', 'Bash(cat *)',
  'Bash(rm *)', 'Bash(printf *)', 'Bash', 'Read(./**)', 'Read(docs/**)', 'Edit(docs/**)', 'Edit(*)', 'Edit(/new/**)', 'Bash(wc:*)',
  'WebFetch(domain:example.com)', 'WebFetch(domain:*.example.com)', 'WebFetch',
];
const DENY_RULES = ['Bash(rm *)', 'Bash(curl *)', 'Read(.env)', 'Read(./.env)', 'Edit(out.txt)', 'Bash(touch x)', 'Bash(mkdir:*)', 'Read(docs/**)', 'Edit(docs/**)', 'Bash(cat .env)', 'WebFetch(domain:docs.python.org)', 'WebFetch(domain:*.example.com)'];
const ASK_RULES = ['Bash(echo *)', 'Bash(mkdir:*)', 'Bash(ls:*)', 'Read(b.txt)', 'Edit(new/**)', 'Bash(git *)', 'WebFetch(domain:example.com)'];
const MODES = [undefined, 'default', 'acceptEdits', 'dontAsk', 'plan', 'bypassPermissions'];

/** Simple commands, each harmless in the temp project. */
const SIMPLE = [
  'echo hi', 'echo $HOME', 'echo ${HOME}', "echo 'a;b'", 'printf x', 'ls', 'ls -la', 'ls docs', 'ls /etc', 'lsof -v', 'cat a.txt', 'cat .env',
  'cat /etc/hostname', 'cat docs/a.md', 'wc -l a.txt', 'head -n 1 a.txt', 'touch x', 'touch y', 'mkdir -p d', 'pwd', 'whoami', 'true', 'date',
  'git status', 'git status --short', 'rm -f x', 'rm -rf d', 'curl http://127.0.0.1:9/', '/usr/bin/curl http://127.0.0.1:9/', 'sort a.txt',
  'uname -a', 'id', 'echo hi 2>&1', 'stat a.txt', 'which ls', 'basename a/b',
];
const PREFIXES = ['', '', '', 'FOO=1 ', 'NODE_ENV=test ', 'timeout 5 ', 'command ', 'nice ', 'env '];
const SUFFIXES = ['', '', '', ' > out.txt', ' > /dev/null', ' >> docs/log.txt', ' 2>&1', ' > new/x.txt'];
const JOINS = ['; ', ' && ', ' || ', ' | ', '\n'];

const simpleArb = fc.tuple(fc.constantFrom(...PREFIXES), fc.constantFrom(...SIMPLE), fc.constantFrom(...SUFFIXES)).map(([p, c, s]) => `${p}${c}${s}`);

/** A Bash command: one simple command, a chain, or a hostile shape around one. */
export const commandArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: simpleArb },
  { weight: 3, arbitrary: fc.tuple(simpleArb, fc.constantFrom(...JOINS), simpleArb).map(([a, j, b]) => `${a}${j}${b}`) },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.constantFrom(...SIMPLE), fc.constantFrom(...SIMPLE)).chain(([a, b]) =>
      fc.constantFrom(`${a} $(${b})`, `${a} \`${b}\``, `(${a})`, `{ ${a}; }`, `for i in 1; do ${a}; done`, `${a} <(${b})`, `${a} &`, `echo \${HOME%$(${b})}`, `cat <<EOF\n$(${b})\nEOF`, `cat <<'EOF'\n${b}\nEOF`, `${a}\\\n${b}`),
    ),
  },
);

const PATHS = ['a.txt', 'docs/a.md', '.env', 'b.txt', 'missing.md', 'docs/../.env', 'docs/new.md', '../outside.txt', '/etc/hostname', 'new/x.txt'];

/**
 * URLs for WebFetch: plain and sub-domains of a rule's domain, case and trailing-dot variants, and
 * hosts on (and just off) the agent's built-in list of documentation sites. An allowed fetch goes
 * nowhere: the proxies point at a dead loopback port.
 */
const URLS = [
  'https://example.com/a', 'https://sub.example.com/', 'https://a.b.example.com/x', 'https://EXAMPLE.com/', 'https://example.com./',
  'https://notexample.com/', 'https://docs.python.org/3/', 'https://docs.python.org.evil.test/', 'https://react.dev/learn',
  'https://github.com/anthropics/claude-code', 'https://github.com/other/repo', 'https://github.com/anthropic-experimental/x/tree/main/y',
  'https://github.com/anthropic-experimental/x/issues', 'https://vercel.com/docs/x', 'https://vercel.com/pricing', 'https://vercel.com/docs%2f..%2fx',
  'https://raw.githubusercontent.com/anthropics/x/refs/heads/main/README.md', 'https://raw.githubusercontent.com/anthropics/x/refs/heads/dev/README.md',
  'http://nodejs.org/api', 'https://www.nodejs.org/', 'https://127.0.0.1:9/x',
];

const NEW_PATHS = ['missing.md', 'docs/new.md', '../outside.txt', 'new/x.txt', 'docs/../new.md'];

function settingsArb(): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .record({
      allow: fc.subarray(ALLOW_RULES, { maxLength: 4 }),
      deny: fc.subarray(DENY_RULES, { maxLength: 2 }),
      ask: fc.subarray(ASK_RULES, { maxLength: 2 }),
      mode: fc.constantFrom(...MODES),
    })
    .map(({ allow, deny, ask, mode }) => ({ permissions: { allow, deny, ask, ...(mode ? { defaultMode: mode } : {}) } }));
}

/** A call, with `{{project}}` standing for the project folder (the oracle fills it in). */
function callArb(): fc.Arbitrary<ToolCall> {
  return fc.oneof(
    { weight: 6, arbitrary: commandArb.map((command) => ({ name: 'Bash', input: { command, description: 'x' } })) },
    { weight: 2, arbitrary: fc.constantFrom(...PATHS).map((p) => ({ name: 'Read', input: { file_path: absolute(p) } })) },
    // Write only new files: the CLI refuses to overwrite a file it has not read, before any permission check.
    { weight: 1, arbitrary: fc.constantFrom(...NEW_PATHS).map((p) => ({ name: 'Write', input: { file_path: absolute(p), content: 'z\n' } })) },
    { weight: 1, arbitrary: fc.constantFrom(...URLS).map((url) => ({ name: 'WebFetch', input: { url, prompt: 'summarize' } })) },
  );
}

function absolute(p: string): string {
  return p.startsWith('/') ? p : `{{project}}/${p}`;
}

/** One generated differential case. */
export const caseArb: fc.Arbitrary<OracleCase> = fc.record({ project: settingsArb(), call: callArb() }).map((c) => ({ ...c, files: { ...PROJECT_FILES } }));
