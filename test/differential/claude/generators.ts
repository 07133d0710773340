// What the differential property generates: a file system (symlinks out of the project, case variants
// of protected files, missing folders), settings (allow/ask/deny rules of all forms, modes, an extra
// working folder) and one tool call (Bash commands over the whole shell: brace expansion, globs in any
// position, $'…', here-strings, numbered and {fd} redirects, device files, the output and exec flags of
// common programs; Read, Write and Edit calls; WebFetch).
//
// Every command is harmless inside the case's temp folder — the CLI really runs what it allows: writes
// name only relative paths, the home folder (a temp one) or the `outside` folder (a temp sibling of the
// project that every symlink points into); nothing names the real home or `/` except reads of
// /etc/hostname; network paths go to 127.0.0.1:9 (nothing listens) and the proxies are dead.
import fc from 'fast-check';
import type { ToolCall } from './mock-api';
import type { OracleCase } from './oracle';

/** What a case's project and outside folder hold before the call, and which symlinks exist. */
interface Layout {
  files: Record<string, string>;
  links: Record<string, string>;
  outside: Record<string, string>;
}

/** A draw that is true `n` times in ten. */
const tenths = (n: number) => fc.integer({ min: 0, max: 9 }).map((x) => x < n);

const layoutArb: fc.Arbitrary<Layout> = fc
  .record({
    docs: tenths(8),
    lnk: tenths(6),
    fileLink: tenths(3),
    innerLink: tenths(2),
    dangling: tenths(2),
    upLink: tenths(1),
    upperEnv: tenths(3),
    secrets: fc.constantFrom('none', 'lower', 'upper', 'both'),
    src: fc.constantFrom('none', 'lower', 'upper'),
  })
  .map((o) => {
    const files: Record<string, string> = { 'a.txt': 'a\n', 'b.txt': 'b\n', '.env': 'X=1\n', 'prog.awk': 'BEGIN { print 1 }\n' };
    if (o.docs) files['docs/a.md'] = '# a\n';
    if (o.upperEnv) files['.ENV'] = 'Y=2\n';
    if (o.secrets === 'lower' || o.secrets === 'both') files['secrets/a'] = 's\n';
    if (o.secrets === 'upper' || o.secrets === 'both') files['SECRETS/a'] = 'S\n';
    if (o.src === 'lower') files['src/m.ts'] = 'm\n';
    if (o.src === 'upper') files['SRC/m.ts'] = 'M\n';
    const links: Record<string, string> = {};
    if (o.lnk) links.lnk = '{{outside}}';
    if (o.fileLink) links['s.txt'] = '{{outside}}/secret.txt';
    if (o.innerLink && o.docs) links.inlnk = 'docs';
    if (o.dangling) links.dang = '{{outside}}/nope';
    if (o.upLink) links.up = '..';
    return { files, links, outside: { 'secret.txt': 'secret\n', x: 'x\n' } };
  });

const ALLOW_RULES = [
  'Bash(echo:*)', 'Bash(echo *)', 'Bash(touch:*)', 'Bash(ls *)', 'Bash(ls:*)', 'Bash(git status)', 'Bash(git status:*)', 'Bash(mkdir *)',
  'Bash(cat *)', 'Bash(cat:*)', 'Bash(rm *)', 'Bash(rm:*)', 'Bash(printf *)', 'Bash', 'Bash(wc:*)', 'Bash(head:*)', 'Bash(find:*)',
  'Bash(find . -name:*)', 'Bash(sort:*)', 'Bash(sed:*)', 'Bash(tar:*)', 'Bash(git diff:*)', 'Bash(git log:*)', 'Bash(xargs:*)',
  'Bash(awk:*)', 'Bash(curl:*)', 'Bash(rg:*)', 'Bash(mv:*)', 'Bash(cp:*)', 'Bash(npm run test:*)', 'Bash(grep:*)', 'Bash(cd:*)',
  'Read(./**)', 'Read(docs/**)', 'Read(lnk/**)', 'Read(/{{outside}}/**)', 'Edit(docs/**)', 'Edit(*)', 'Edit(/new/**)', 'Edit(./**)',
  'Edit(lnk/**)', 'Edit(src/**)', 'Edit(/{{outside}}/**)', 'WebFetch(domain:example.com)', 'WebFetch',
];
const DENY_RULES = [
  'Bash(rm *)', 'Bash(curl *)', 'Read(.env)', 'Read(./.env)', 'Read(.ENV)', 'Read(./secrets/**)', 'Read(/{{outside}}/**)', 'Read(lnk/**)',
  'Read(docs/**)', 'Edit(.env)', 'Edit(./SRC/**)', 'Edit(out.txt)', 'Edit(docs/**)', 'Edit(*.txt)', 'Edit(/{{outside}}/**)', 'Bash(touch x)',
  'Bash(mkdir:*)', 'Bash(cat .env)', 'Bash(find:*)', 'WebFetch(domain:*.example.com)',
];
const ASK_RULES = ['Bash(echo *)', 'Bash(mkdir:*)', 'Bash(ls:*)', 'Read(b.txt)', 'Edit(new/**)', 'Bash(git *)', 'Read(SECRETS/**)', 'Edit(lnk/**)', 'WebFetch(domain:example.com)'];
// bypassPermissions from a project file is ignored by the CLI (it is kept, rarely, to check that).
const MODES = [undefined, undefined, undefined, 'default', 'acceptEdits', 'acceptEdits', 'dontAsk', 'plan', 'bypassPermissions'];

/** Paths a command may read: inside, through links, case variants, outside, computed, globbed. */
const READ_OPERANDS = [
  'a.txt', 'b.txt', '.env', '.ENV', '.Env', 'docs', 'docs/a.md', 'DOCS/a.md', 'lnk', 'lnk/', 'lnk/secret.txt', 's.txt', 'inlnk/a.md',
  'dang', 'up/outside/secret.txt', 'secrets/a', 'SECRETS/a', 'src/m.ts', 'SRC/m.ts', 'missing/y', '{{outside}}/secret.txt', '/etc/hostname',
  '../outside/x', '~/x.txt', './a.txt', 'LNK/secret.txt', 'Lnk', 'docs/../.env', 'lnk/../a.txt', '*.txt', '.e*', 'lnk/*', '[ab].txt', '?.txt', 'd*/a.md', '{a,b}.txt',
  '"a.txt"', "'.env'", "$'.env'", '\\.env', '"$PWD/a.txt"', '$HOME', '-', 'a.txt b.txt', 'a.txt .env',
];
/** Paths a command may write: never outside the case's temp folder. */
const WRITE_OPERANDS = [
  'x', 'y', 'out.txt', 'new/x.txt', 'docs/n.md', 'DOCS/n.md', '.ENV', '.env', 'src/n.ts', 'SRC/n.ts', 'lnk/n.txt', 'lnk', 'lnk/', 's.txt',
  'inlnk/n.md', 'dang', 'up/outside/n', '{{outside}}/n.txt', '../outside/n', '~/n.txt', 'secrets/n', 'SECRETS/n', 'd', 'x*', '{x,y}',
  '"x"', "$'x'", '"$PWD/x"', 'b.txt', 'lnk/sub/n', 'new/deep/x', 'LNK/n',
];

/** Sub-commands; `@R` and `@W` stand for a read and a write operand. */
const CORES = [
  // reading, listing
  'cat @R', 'cat -n @R', 'head -n 1 @R', 'tail -n 1 @R', 'wc -l @R', 'ls @R', 'ls -la @R', 'ls', 'ls -la', 'stat @R', 'file @R', 'du -s @R',
  'grep a @R', 'grep -r a @R', 'rg a @R', 'sort @R', 'uniq @R', 'diff a.txt @R', 'cmp a.txt @R', 'od -c @R', 'strings @R', 'cut -c1 @R',
  'sha256sum @R', 'md5sum @R', 'readlink @R', 'realpath @R', 'basename @R', 'dirname @R', 'cd @R', 'cd @R && ls', 'cd lnk && cat secret.txt', 'cd docs && cat ../.env', 'nl @R', 'tac @R', 'jq . @R',
  // writing
  'touch @W', 'mkdir -p @W', 'mkdir @W', 'rm -f @W', 'rm -rf @W', 'rmdir @W', 'mv b.txt @W', 'cp a.txt @W', 'tee @W', 'chmod 644 @W',
  // find: tests, actions, output files
  "find . -name '*.md'", 'find @R -name a', 'find . -type f', 'find . -maxdepth 1 -print', 'find . -exec touch y \\;', 'find . -execdir touch y \\;',
  'find . -ok touch y \\;', "find . -name '*.tmp' -delete", 'find @W -delete', 'find . -fprint f.txt', 'find . -fprint0 f.txt',
  'find . -fprintf f.txt %p', 'find . -fls f.txt', 'find . -newer a.txt', "find . -name '*.txt' -exec cat {} +", 'find . -name -delete',
  'find -L . -name x', 'find @R', 'find . -name *.txt', 'find . -fprint @W',
  // sort, git, tar, sed, awk, xargs, rg, curl, wget, npm
  'sort -o out.txt a.txt', 'sort a.txt -o @W', 'sort --output=out.txt a.txt', 'sort -u a.txt', 'sort -n -k1 a.txt', 'sort -T @W a.txt',
  'git status', 'git status -s', 'git status {-s,--porcelain}', 'git diff --output=out.txt', 'git diff --output @W', 'git log --output=x.txt',
  'git log -1', 'git -C docs status', 'git --no-pager diff', 'git diff --no-index a.txt b.txt', 'git show', 'git -c core.pager=touch log',
  'git ls-files', 'git log {--oneline,-1}', 'git status @R',
  'tar -cf out.tar a.txt', 'tar -tf out.tar', 'tar -czf @W a.txt', 'tar -xf out.tar', 'tar -cf out.tar --checkpoint=1 --checkpoint-action=exec=true a.txt',
  'sed -n 1p a.txt', 'sed -i s/a/b/ @W', 'sed -i.bak s/a/b/ a.txt', "sed 's/a/b/w out.txt' a.txt", "sed '1e touch y' a.txt", 'sed -e s/a/b/ a.txt',
  'sed --in-place s/a/b/ a.txt', "sed 's/a/b/' @R", "sed -n '1w out.txt' a.txt",
  "awk '{print}' a.txt", "awk 'BEGIN{system(\"touch y\")}'", "awk '{print > \"out.txt\"}' a.txt", 'awk -f prog.awk a.txt', "awk -v x=1 '{print x}' a.txt",
  "awk '{print}' @R",
  'echo a.txt | xargs cat', 'echo y | xargs touch', 'xargs -a a.txt echo', 'echo a | xargs -I{} touch {}', 'xargs cat < a.txt', 'echo . | xargs find',
  'rg --pre touch a', 'rg a', 'rg --pre=cat a @R', 'rg -z a',
  'curl -o out.txt http://127.0.0.1:9/', 'curl http://127.0.0.1:9/ -o @W', 'curl -s http://127.0.0.1:9/', 'curl --output=out.txt http://127.0.0.1:9/',
  'wget -O out.txt http://127.0.0.1:9/', 'wget -q http://127.0.0.1:9/',
  'npm run test', 'npm run test -- --watch', 'npm run test {a,b}',
  // echo, printf and friends; shell forms
  'echo hi', 'echo {a,b}', "echo $'a\\tb'", 'echo *', 'echo $HOME', 'echo ${HOME}', "printf '%s' x", 'printf x', 'pwd', 'whoami', 'date', 'true', 'id',
  'uname -a', 'which ls', 'cat <<< hi', 'wc -l <<< "$HOME"', "cat <<< $'x'", 'c?t a.txt', '/bin/ca? a.txt', 'ec{h,}o hi', '{ls,-la}', "$'ls' -la",
];

const PREFIXES = [...Array<string>(12).fill(''), 'timeout 5 ', 'nice ', 'command ', 'FOO=1 ', 'NODE_ENV=test ', 'env '];
/** Redirects; `@R`/`@W` as above. */
const SUFFIXES = [
  '', '', '', '', '', ' > out.txt', ' > @W', ' >> docs/log.txt', ' 2>&1', ' > /dev/null', ' > /dev/stdout', ' > /dev/stderr', ' 2> /dev/stderr', ' >&2',
  ' > /dev/tty', ' > /dev/fd/1', ' < a.txt', ' < @R', ' < /dev/tcp/127.0.0.1/9', ' 3</dev/udp/127.0.0.1/9', ' > /dev/tcp/127.0.0.1/9',
  ' <<< hi', ' {fd}>out.txt', ' 3>out.txt', ' 2>err.txt', ' &>out.txt', ' < /dev/null', ' 2>/dev/null',
];
const JOINS = ['; ', ' && ', ' || ', ' | ', '\n'];

const readArb = fc.constantFrom(...READ_OPERANDS);
const writeArb = fc.constantFrom(...WRITE_OPERANDS);

/** Fills every `@R`/`@W` of a template with operands of its kind. */
function filled(template: string): fc.Arbitrary<string> {
  const slots = template.match(/@[RW]/g) ?? [];
  if (slots.length === 0) return fc.constant(template);
  return fc.tuple(...slots.map((s) => (s === '@R' ? readArb : writeArb))).map((ops) => {
    let i = 0;
    return template.replace(/@[RW]/g, () => ops[i++]);
  });
}

const simpleArb: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...PREFIXES), fc.constantFrom(...CORES), fc.constantFrom(...SUFFIXES))
  .chain(([p, c, s]) => fc.tuple(filled(c), filled(s)).map(([core, suffix]) => `${p}${core}${suffix}`));

/** A Bash command: one simple command, a chain, or one wrapped in a nesting shape. */
export const commandArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: simpleArb },
  { weight: 3, arbitrary: fc.tuple(simpleArb, fc.constantFrom(...JOINS), simpleArb).map(([a, j, b]) => `${a}${j}${b}`) },
  {
    weight: 1,
    arbitrary: fc.tuple(simpleArb, simpleArb).chain(([a, b]) => fc.constantFrom(`${a} $(${b})`, `(${a})`, `{ ${a}; }`, `for i in 1; do ${a}; done`, `${a} <(${b})`, `${a} &`, `cat <<EOF\n$(${b})\nEOF`)),
  },
);

/** Paths for the Read tool. */
const READ_PATHS = [
  'a.txt', '.env', '.ENV', '.Env', 'lnk/secret.txt', 's.txt', 'inlnk/a.md', 'dang', 'SECRETS/a', 'secrets/a', 'DOCS/a.md', 'docs/a.md',
  '/etc/hostname', '{{outside}}/secret.txt', 'docs/../.env', 'missing.md', 'lnk/x', 'SRC/m.ts', 'src/m.ts', 'up/outside/x', 'b.txt',
  'LNK/secret.txt', 'lnk/../a.txt',
];
/** Paths for Write and Edit: inside, through links, case variants of protected paths, outside (temp). */
const WRITE_PATHS = [
  'n.txt', '.ENV', '.env', '.Env', 'src/n.ts', 'SRC/n.ts', 'Src/n.ts', 'lnk/n.txt', 's.txt', 'new/x.txt', 'docs/new.md', 'DOCS/new.md',
  '{{outside}}/n.txt', '../outside/n2', 'dang', 'inlnk/n.md', 'a.txt', 'out.txt', 'secrets/n', 'SECRETS/n', 'up/outside/n3', 'lnk/secret.txt',
  'lnk/sub/n.txt', 'new/deep/x.txt', 'LNK/n.txt',
];

/**
 * URLs for WebFetch: plain and sub-domains of a rule's domain, case variants and a preapproved
 * documentation host. An allowed fetch goes nowhere: the proxies point at a dead loopback port.
 */
const URLS = ['https://example.com/a', 'https://sub.example.com/', 'https://EXAMPLE.com/', 'https://docs.python.org/3/', 'https://127.0.0.1:9/x'];

/** Wrappers and assignments a generated command may start with (skipped to find its program). */
const LEADING = /^(?:timeout 5 |nice |command |env |[A-Z_]+=\S* |[({] ?|for i in 1; do )+/;

/**
 * Prefix rules for the program the call runs (`Bash(find:*)` for `find . -delete`, also with its
 * first argument), so that the allow rules meet the commands they would approve; empty for others.
 */
function programRules(call: ToolCall): string[] {
  if (call.name !== 'Bash') return [];
  const words = String(call.input.command).replace(LEADING, '').split(/[\s;|&]+/);
  if (!/^[a-z][a-z0-9-]*$/.test(words[0] ?? '')) return [];
  const second = words[1] && /^[-.a-z][-=.a-z0-9]*$/.test(words[1]) ? [`Bash(${words[0]} ${words[1]}:*)`] : [];
  return [`Bash(${words[0]}:*)`, `Bash(${words[0]} *)`, ...second];
}

function settingsArb(call: ToolCall): fc.Arbitrary<Record<string, unknown>> {
  const own = programRules(call);
  return fc
    .record({
      allow: fc.tuple(fc.subarray(ALLOW_RULES, { maxLength: 3 }), own.length ? fc.subarray(own, { maxLength: 1 }) : fc.constant([])).map(([a, b]) => [...b, ...a]),
      deny: fc.subarray(DENY_RULES, { maxLength: 2 }),
      ask: fc.subarray(ASK_RULES, { maxLength: 2 }),
      mode: fc.constantFrom(...MODES),
      extraDir: tenths(1),
    })
    .map(({ allow, deny, ask, mode, extraDir }) => ({
      permissions: { allow, deny, ask, ...(mode ? { defaultMode: mode } : {}), ...(extraDir ? { additionalDirectories: ['{{outside}}'] } : {}) },
    }));
}

/** The absolute path the call names, `{{project}}` standing for the project folder (the oracle fills it in). */
function absolute(p: string): string {
  return p.startsWith('/') || p.startsWith('{{') ? p : `{{project}}/${p}`;
}

/** The content a path holds in the layout, following the case's links one step (enough for its links). */
function contentAt(layout: Layout, p: string): string | undefined {
  if (layout.files[p] !== undefined) return layout.files[p];
  for (const [link, target] of Object.entries(layout.links)) {
    if (!target.startsWith('{{outside}}')) continue;
    const rest = p === link ? '' : p.startsWith(`${link}/`) ? p.slice(link.length + 1) : undefined;
    if (rest === undefined) continue;
    const inOutside = `${target.slice('{{outside}}'.length).replace(/^\//, '')}${rest ? `/${rest}` : ''}`.replace(/^\//, '');
    return layout.outside[inOutside];
  }
  return undefined;
}

/** A call for a layout. An Edit replaces the file's first character, or creates a missing file. */
function callArb(layout: Layout): fc.Arbitrary<ToolCall> {
  return fc.oneof(
    { weight: 20, arbitrary: commandArb.map((command) => ({ name: 'Bash', input: { command, description: 'x' } })) },
    { weight: 3, arbitrary: fc.constantFrom(...READ_PATHS).map((p) => ({ name: 'Read', input: { file_path: absolute(p) } })) },
    { weight: 3, arbitrary: fc.constantFrom(...WRITE_PATHS).map((p) => ({ name: 'Write', input: { file_path: absolute(p), content: 'z\n' } })) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(...WRITE_PATHS).map((p) => {
        const old = contentAt(layout, p);
        return { name: 'Edit', input: { file_path: absolute(p), old_string: old === undefined ? '' : old.slice(0, 1), new_string: 'z' } };
      }),
    },
    { weight: 1, arbitrary: fc.constantFrom(...URLS).map((url) => ({ name: 'WebFetch', input: { url, prompt: 'summarize' } })) },
  );
}

/**
 * Settings for several calls on one layout: the program rules of up to a third of the calls, so
 * allow rules still meet the commands they would approve.
 */
function groupSettingsArb(calls: readonly ToolCall[]): fc.Arbitrary<Record<string, unknown>> {
  const own = [...new Set(calls.flatMap(programRules))];
  return fc
    .record({
      allow: fc.tuple(fc.subarray(ALLOW_RULES, { maxLength: 3 }), fc.subarray(own, { maxLength: Math.max(1, Math.ceil(calls.length / 3)) })).map(([a, b]) => [...b, ...a]),
      deny: fc.subarray(DENY_RULES, { maxLength: 2 }),
      ask: fc.subarray(ASK_RULES, { maxLength: 2 }),
      mode: fc.constantFrom(...MODES),
      extraDir: tenths(1),
    })
    .map(({ allow, deny, ask, mode, extraDir }) => ({
      permissions: { allow, deny, ask, ...(mode ? { defaultMode: mode } : {}), ...(extraDir ? { additionalDirectories: ['{{outside}}'] } : {}) },
    }));
}

/** What a call is about (its command, path or URL): no two calls of one session share it, so a prompt names one call. */
export function callSubject(call: ToolCall): string {
  const i = call.input;
  const subject = i.command ?? i.file_path ?? i.url;
  return `${call.name} ${typeof subject === 'string' ? subject : JSON.stringify(i)}`;
}

/**
 * `size` cases on one layout and one set of settings, differing in their call: one CLI session
 * can answer them all (see claude.diff.ts, DIFF_GROUP). Each is a whole case, cached on its own.
 */
export function groupArb(size: number): fc.Arbitrary<OracleCase[]> {
  return layoutArb.chain((layout) =>
    fc
      .uniqueArray(callArb(layout), { minLength: size, maxLength: size, selector: callSubject })
      .chain((calls) => groupSettingsArb(calls).map((project) => calls.map((call) => ({ project, call, files: layout.files, links: layout.links, outside: layout.outside })))),
  );
}

/** One generated differential case. */
export const caseArb: fc.Arbitrary<OracleCase> = layoutArb.chain((layout) =>
  callArb(layout).chain((call) => settingsArb(call).map((project) => ({ project, call, files: layout.files, links: layout.links, outside: layout.outside }))),
);
