import { strict as assert } from 'assert';
import type { Decision } from '../../../shared/model';
import { evaluateClaude, initShellParser, parseClaude } from '../../../shared/dialects/claude';
import { fakeFs } from './fake-fs';

/**
 * The classes where an allow needs more than a matching rule, each row decided by the real Claude
 * Code CLI the same way on 2.1.328 and 2.1.332 (asked through test/differential/claude/, a temp
 * project laid out as the file system below). [settings, request, decision, why]
 *
 * The project is /proj, with `lnk` → /out (a folder outside), `s.txt` → /out/secret.txt and `dang`
 * → /out/nope (a link that dangles); docs/ and a few files exist.
 */
const FS = fakeFs(
  ['/proj', '/proj/a.txt', '/proj/b.txt', '/proj/.env', '/proj/docs', '/proj/docs/a.md', '/proj/src', '/out', '/out/secret.txt', '/out/x', '/home', '/home/u'],
  { '/proj/lnk': '/out', '/proj/s.txt': '/out/secret.txt', '/proj/dang': '/out/nope' },
);
const CTX = { root: '/proj', home: '/home/u', fs: FS };

type Row = [settings: object, request: Record<string, string>, decision: Decision, why: string];
const bash = (command: string) => ({ tool: 'Bash', command });
const allow = (...rules: string[]) => ({ permissions: { allow: rules } });
const deny = (...rules: string[]) => ({ permissions: { deny: rules } });

const CLASSES: Record<string, Row[]> = {
  'path rules match regardless of case, in every tier': [
    [deny('Read(.env)'), { tool: 'Read', path: '.ENV' }, 'deny', 'Read of a case variant'],
    [deny('Read(.env)'), bash('cat .ENV'), 'deny', 'a file cat reads'],
    [deny('Read(.env)'), bash('echo x > .ENV'), 'ask', 'a redirect is judged by Edit rules only: a Read deny does not deny it'],
    [deny('Read(./secrets/**)'), { tool: 'Read', path: 'SECRETS/a' }, 'deny', 'a folder rule'],
    [deny('Edit(./SRC/**)'), { tool: 'Write', path: 'src/n.ts' }, 'deny', 'an Edit folder rule on a Write'],
    [deny('Edit(.env)'), { tool: 'Write', path: '.ENV' }, 'deny', 'Write on a case variant of an Edit deny'],
    [allow('Read(DOCS/**)'), { tool: 'Read', path: '/out/x', cwd: '.' }, 'ask', 'an allow outside the working folders still has to match'],
  ],
  'paths a command names are resolved through the symlinks that exist': [
    [allow('Bash(cat:*)'), bash('cat lnk/secret.txt'), 'ask', 'a folder link out of the project'],
    [{}, bash('ls lnk'), 'ask', 'the read-only layer checks the folder it lists'],
    [{}, bash('wc -l s.txt'), 'ask', 'a file link out of the project'],
    [allow('Bash'), bash('cat lnk/secret.txt'), 'allow', 'a bare Bash allow approves the command as written'],
    [allow('Bash(cat:*)', 'Read(//out/**)'), bash('cat lnk/secret.txt'), 'allow', 'a Read allow covering the target approves the read'],
    [{ permissions: { defaultMode: 'acceptEdits' } }, bash('mkdir lnk/d'), 'ask', 'acceptEdits does not write through a link out'],
    [allow('Bash(rm:*)'), bash('rm -f lnk/x'), 'ask', 'a write through a link out'],
    [allow('Bash(mv:*)'), bash('mv b.txt lnk/'), 'ask', 'a move into a link out'],
    [{ permissions: { defaultMode: 'acceptEdits' } }, { tool: 'Write', path: 'dang' }, 'deny', 'a dangling link is a link: the Write is refused'],
    [allow('Bash(cat:*)'), bash('cat docs/../a.txt'), 'ask', "a '..' after a folder: the agent asks"],
    [{ permissions: { allow: ['Bash(cat:*)'], deny: ['Read(.env)'] } }, bash('cat docs/../.env'), 'deny', "a '..' after a folder still meets a deny"],
    [{}, bash('du -s /etc/hostname'), 'allow', 'du is no path-checked command: its operands are not judged'],
    [deny('Read(.env)'), bash('readlink .env'), 'allow', 'readlink is no path-checked command: a Read deny does not judge it'],
  ],
  "find's action flags under a find allow": [
    [allow('Bash(find:*)'), bash('find . -exec touch y \\;'), 'ask', '-exec'],
    [allow('Bash(find:*)'), bash('find . -delete'), 'ask', '-delete'],
    [allow('Bash(find:*)'), bash('find . -fprint f'), 'ask', '-fprint'],
    [allow('Bash(find:*)'), bash('find . -fls f'), 'ask', '-fls'],
    [allow('Bash(find . -name:*)'), bash("find . -name '*.tmp' -delete"), 'ask', 'a narrower find allow'],
    [allow('Bash'), bash('find . -exec touch y \\;'), 'allow', 'a bare Bash allow approves it'],
    [{ permissions: { allow: ['Bash(find:*)'], deny: ['Bash(find:*)'] } }, bash('find . -delete'), 'deny', 'a deny still applies'],
    [{}, bash("find . -name '*.md'"), 'allow', 'find without an action is read-only'],
    [{}, bash('find . -name -delete'), 'allow', "the value of -name is no action"],
    [allow('Bash(find:*)'), bash('find . -name *.md'), 'ask', 'an unquoted glob could expand to an action'],
  ],
  'network devices in a redirect': [
    [allow('Bash(cat:*)'), bash('cat < /dev/tcp/127.0.0.1/9'), 'ask', 'an input redirect from /dev/tcp'],
    [allow('Bash(cat:*)'), bash('cat a.txt 3</dev/udp/127.0.0.1/9'), 'ask', 'a numbered redirect from /dev/udp'],
    [allow('Bash(echo:*)'), bash('echo hi > /dev/tcp/127.0.0.1/9'), 'ask', 'an output redirect to /dev/tcp'],
    [deny('Bash(cat:*)'), bash('cat < /dev/tcp/127.0.0.1/9'), 'deny', 'a deny still applies'],
    [allow('Bash'), bash('cat < /dev/tcp/127.0.0.1/9'), 'allow', 'a bare Bash allow approves it'],
    [{ permissions: { allow: ['Bash(true *)'], deny: ['Edit(docs/**)'] } }, bash('true > /dev/tcp/127.0.0.1/9 | cat a.txt >> docs/log.txt'), 'deny', 'a deny on another redirect of the command still applies'],
  ],
  'writes to /dev/stdout and /dev/stderr': [
    [allow('Bash(echo:*)'), bash('echo hi > /dev/stderr'), 'ask', '/dev/stderr is a path outside the working folders'],
    [allow('Bash(echo:*)'), bash('echo hi > /dev/stdout'), 'ask', '/dev/stdout too'],
    [allow('Bash(echo:*)'), bash('echo hi >&2'), 'allow', 'a descriptor duplication writes no file'],
    [allow('Bash(echo:*)'), bash('echo hi > /dev/null'), 'allow', '/dev/null is no write'],
    [allow('Bash'), bash('echo hi > /dev/stderr'), 'allow', 'a bare Bash allow approves it'],
    [allow('Bash'), bash('echo hi > ~/.bashrc'), 'ask', 'but not a write to a file the agent guards'],
  ],
  'brace expansion': [
    [allow('Bash(git status:*)'), bash('git status {-s,--porcelain}'), 'ask', 'the words it makes are not the words written'],
    [allow('Bash(npm run test:*)'), bash('npm run test {a,b}'), 'ask', 'in any argument'],
    [allow('Bash(echo:*)'), bash('echo x{1..3}'), 'ask', 'a sequence'],
    [deny('Bash(rm:*)'), bash('rm -f {x,y}'), 'deny', 'a deny still sees the command'],
    [allow('Bash'), bash('git status {-s,--porcelain}'), 'allow', 'a bare Bash allow approves it'],
    [allow('Bash(awk:*)'), bash('awk \'{print > "out.txt"}\' a.txt'), 'allow', 'a quoted brace is no expansion'],
  ],
  'a lone * allow': [
    [allow('Edit(*)'), { tool: 'Edit', path: 'a.txt' }, 'allow', 'approves an Edit call'],
    [allow('Edit(*)'), { tool: 'Write', path: 'n.txt' }, 'ask', 'but no Write'],
    [allow('Bash(echo:*)', 'Edit(*)'), bash('echo hi > out.txt'), 'ask', 'and no redirect'],
  ],
  'words the agent reads as written': [
    [{}, bash('cat "$PWD/a.txt"'), 'allow', 'a quoted "$PWD/…" is the path it names, for a read'],
    [{}, bash('cat $PWD/a.txt'), 'ask', 'unquoted, it is a variable'],
    [allow('Bash(rm:*)'), bash('rm -f "$PWD/x"'), 'ask', 'for a write it stays computed'],
    [{}, bash('cat *.txt'), 'allow', 'a glob in a read is checked by its folder (both versions ran `stat *.txt` and `md5sum *.txt` beside s.txt → outside)'],
    [{}, bash('jq . *.txt'), 'ask', 'but jq with a glob is not read-only (both versions asked)'],
    [{ permissions: { allow: ['Read(/out/**)'] } }, bash('cd dang'), 'ask', 'a cd out of the working folders, though a Read allow covers it (both versions blocked it)'],
    [{ permissions: { defaultMode: 'dontAsk' } }, bash('timeout 5 cd "$PWD/a.txt"'), 'deny', 'a cd to a computed folder is not proven (both versions refused it under dontAsk)'],
    [{}, bash('sort *.txt'), 'ask', 'only for the commands that take any argument'],
    [{ permissions: { defaultMode: 'acceptEdits' } }, bash('echo a.txt | xargs cat'), 'ask', 'xargs cat is no read-only command'],
    [{}, bash('echo a.txt | xargs wc -l'), 'allow', 'xargs wc is'],
    [{ permissions: { allow: ['Bash(tar:*)'], defaultMode: 'dontAsk' } }, bash('tar -xf out.tar < a.txt .env'), 'deny', 'words after a redirect target: the agent cannot tell the arguments (asks; dontAsk denies)'],
  ],
  'rules a path a command names meets': [
    [{ permissions: { ask: ['Read(b.txt)'] } }, bash('cat b.txt'), 'allow', 'no ask rule judges a path a command names'],
    [allow('Bash(cat:*)', 'Edit(//out/**)'), bash('cat lnk/secret.txt'), 'ask', 'an Edit allow does not cover a read by a command'],
    [allow('Edit(//out/**)'), { tool: 'Read', path: '/out/x' }, 'allow', 'but lets the Read tool read it'],
    [deny('Read(lnk/**)'), bash('cd lnk/x'), 'deny', 'a deny on any name the path goes by'],
    [deny('Read(lnk/**)'), bash('(cd lnk/x)'), 'ask', "inside a subshell a cd's own folder meets no deny"],
    [allow('Bash(cd *)'), bash('cd a.txt b.txt && ls'), 'ask', 'cd with two folders'],
    [allow('Bash(cp:*)'), bash('cp -r docs d2'), 'ask', 'cp with an option'],
    [allow('Bash(xargs cat:*)'), bash('xargs cat < a.txt'), 'allow', 'an allow may name the xargs form as written'],
    [allow('Bash(timeout:*)'), bash('timeout 5 touch x'), 'allow', 'or the wrapper itself'],
    [allow('Bash(nice touch x)'), bash('nice touch x'), 'allow', 'an exact allow of the text as written'],
  ],
  'more of the read-only layer': [
    [{}, bash('sed -n 1,2p a.txt'), 'allow', 'sed -n printing numbered lines'],
    [{}, bash('sed s/a/b/ a.txt'), 'ask', 'a substitution is judged as a write'],
    [{}, bash('grep -r a .e*'), 'allow', 'grep with a glob'],
    [{ permissions: { defaultMode: 'dontAsk' } }, bash('rg a docs/a.md'), 'allow', 'rg'],
    [{ permissions: { defaultMode: 'acceptEdits' } }, bash('file a.txt'), 'allow', 'file'],
    [{}, bash('jq . a.txt'), 'allow', 'jq'],
  ],
  'Write and Edit through a symlink': [
    [{ permissions: { defaultMode: 'acceptEdits' } }, { tool: 'Edit', path: 'dang' }, 'deny', 'refused after the deny rules, without a prompt'],
    [{ permissions: { defaultMode: 'dontAsk' } }, { tool: 'Write', path: 'dang' }, 'deny', 'in every mode'],
    [{ permissions: { allow: ['Edit(dang)'] } }, { tool: 'Write', path: 'dang' }, 'deny', 'an allow does not lift it'],
    [deny('Edit(//out/**)'), { tool: 'Write', path: 'dang' }, 'deny', 'a deny comes first'],
  ],
  'what a command writes, and where': [
    [{ permissions: { allow: ['Bash(mv *)'], deny: ['Edit(*.txt)'] } }, bash('mv b.txt .ENV'), 'deny', 'mv writes its source too'],
    [allow('Bash(rm:*)'), bash('rm -rf .'), 'ask', 'removing a working folder'],
    [allow('Bash(rm:*)'), bash('rm -f x'), 'allow', 'a plain removal inside'],
    [{ permissions: { allow: ['Bash(cd:*)', 'Bash(cat:*)'], deny: ['Read(.ENV)'] } }, bash('cd docs && cat ../.env'), 'deny', 'after a leading cd, denies are judged from its folder'],
  ],
  'a relative path after a cd': [
    [{ permissions: { allow: ['Bash(cd:*)', 'Bash(cat:*)'], deny: ['Read(b.txt)'] } }, bash('cd docs && cat a.md'), 'ask', 'a relative read while a Read deny exists, even into a plain folder'],
    [{ permissions: { allow: ['Bash(cd:*)', 'Bash(cat:*)'], deny: ['Read(b.txt)'] } }, bash('cd missing && cat secret.txt'), 'ask', 'into a folder that does not exist'],
    [{ permissions: { allow: ['Bash(cd:*)', 'Bash(ls:*)'], deny: ['Read(b.txt)'] } }, bash('cd docs && ls > /dev/null'), 'ask', 'ls with no operand reads the folder it is in'],
    [{ permissions: { allow: ['Bash(cd:*)', 'Bash(cat:*)'], deny: ['Edit(b.txt)'] } }, bash('cd docs && cat a.md'), 'allow', 'no Read deny: a relative read is judged where it lands'],
    [{ permissions: { allow: ['Bash(cd:*)', 'Bash(touch:*)'], deny: ['Edit(b.txt)'] } }, bash('cd docs && touch x'), 'ask', 'a write after a cd always asks'],
  ],
  'a redirect in a command with a cd': [
    [deny('Edit(*.txt)'), bash('cd docs && echo a > out.txt'), 'deny', 'the deny sees the target after a leading cd'],
    [deny('Edit(/out.txt)'), bash('cd docs && echo a > out.txt'), 'deny', 'and from where the command starts'],
    [deny('Edit(/docs/out.txt)'), bash('cd docs; echo a > out.txt'), 'deny', 'a leading cd joined by ;'],
    [deny('Edit(/docs/out.txt)'), bash('echo a > out.txt; cd docs'), 'ask', 'a cd after the redirect does not move it'],
    [deny('Edit(*.txt)'), bash('echo a > out.txt || cd docs'), 'deny', 'joined by ||'],
    [deny('Edit(*.txt)'), bash('echo a > out.txt | cd docs'), 'ask', 'a cd in a pipeline: no deny is checked, the agent asks'],
    [deny('Edit(*.txt)'), bash('echo a > out.md && cd docs'), 'ask', 'no deny matches: a redirect with a cd asks'],
  ],
};

describe('claude: an allow only when every part of the command is proven harmless', () => {
  before(() => initShellParser());
  for (const [cls, rows] of Object.entries(CLASSES)) {
    describe(cls, () => {
      for (const [settings, request, expected, why] of rows) {
        it(`${JSON.stringify(settings).slice(0, 80)} ${request.tool} ${JSON.stringify(request.command ?? request.path)} → ${expected} (${why})`, () => {
          const rs = parseClaude({ path: '/proj/.claude/settings.json', text: JSON.stringify(settings) }, { root: '/proj', home: '/home/u' });
          const v = evaluateClaude(rs, request as never, CTX);
          assert.equal(v.decision, expected, `${v.trace.branch}\n${v.trace.sections.map((s) => `${s.kind} ${s.subject}: ${s.decision} — ${s.branch}`).join('\n')}`);
        });
      }
    });
  }

  it('without a file system nothing that depends on symlinks is allowed (fail closed), and a deny still applies', () => {
    const rs = parseClaude({ path: '/proj/.claude/settings.json', text: JSON.stringify({ permissions: { allow: ['Bash(cat:*)'], deny: ['Read(.env)'] } }) }, { root: '/proj', home: '/home/u' });
    const noFs = { root: '/proj', home: '/home/u' };
    const cat = evaluateClaude(rs, bash('cat a.txt'), noFs);
    assert.equal(cat.decision, 'ask');
    assert.ok(cat.trace.notes.some((n) => /no file system/.test(n)) || cat.trace.sections.some((s) => /no file system/.test(s.branch)));
    assert.equal(evaluateClaude(rs, bash('cat .env'), noFs).decision, 'deny');
    assert.equal(evaluateClaude(rs, { tool: 'Read', path: 'a.txt' }, noFs).decision, 'ask');
    assert.equal(evaluateClaude(rs, bash('echo hi'), noFs).decision, 'allow', 'a command that names no path needs no file system');
  });
});
