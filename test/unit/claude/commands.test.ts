import { strict as assert } from 'assert';
import { LEXICAL_FS } from '../../../shared/model';
import type { Decision } from '../../../shared/model';
import { evaluateClaude, initShellParser, parseClaude } from '../../../shared/dialects/claude';

const SETTINGS = {
  permissions: {
    deny: ['Bash(rm -rf *)', 'Bash(curl *)', 'Bash(git push --force *)'],
    ask: ['Bash(git push *)', 'Bash(npm publish *)'],
    allow: [
      'Bash(npm run test *)', 'Bash(git status)', 'Bash(git log *)', 'Bash(ls *)', 'Bash(echo *)', 'Bash(cat *)',
      'Bash(grep *)', 'Bash(wc *)', 'Bash(npm test)', 'Bash(pwd)', 'Bash(git diff:*)', 'Bash(sh *)', 'Bash(find *)',
    ],
  },
};
const rs = parseClaude({ path: '/proj/.claude/settings.json', text: JSON.stringify(SETTINGS) });
const LONG = 'echo ' + 'a'.repeat(10_000);

/** [command, expected decision, why] — one rule set, many shapes of command. */
const TABLE: Array<[string, Decision, string]> = [
  ['ls', 'allow', 'trailing " *" also matches the bare command'],
  ['ls -la', 'allow', 'word boundary'],
  ['lsof', 'allow', '"ls *" is not "ls*", but lsof is in the built-in read-only set'],
  ['lsof -Z x', 'ask', '"ls *" is not "ls*"; lsof with an unknown flag is not built-in read-only'],
  ['git status', 'allow', 'exact'],
  ['git status --short', 'allow', 'an exact rule matches only that command, but git status is built-in read-only'],
  ['git push --short', 'ask', 'an ask rule'],
  ['git log --oneline', 'allow', 'prefix'],
  ['git diff HEAD', 'allow', 'legacy ":*"'],
  ['git diff', 'allow', 'legacy ":*" matches the bare command'],
  ['git diffx', 'ask', 'legacy ":*" is a word boundary'],
  ['rm -rf build', 'deny', 'deny'],
  ['rm -rf', 'deny', 'deny matches the bare command'],
  ['rm -r build', 'ask', 'not the denied form'],
  ['git status && rm -rf /', 'deny', 'deny reaches a sub-command after &&'],
  ['git status || rm -rf /', 'deny', 'after ||'],
  ['git status; curl x', 'deny', 'after ;'],
  ['git status | grep x', 'allow', 'every part of a pipe allowed'],
  ['git status |& grep x', 'allow', '|&'],
  ['ls & pwd', 'ask', 'background & (the CLI asks for a backgrounded command)'],
  ['ls\npwd', 'allow', 'newline'],
  ['git status && whoami', 'allow', 'whoami without arguments is built-in read-only'],
  ['git status && whoami -a', 'ask', 'an allow must match every sub-command'],
  ['git status && npm publish --tag x', 'ask', 'ask on any sub-command'],
  ['git push origin main', 'ask', 'ask'],
  ['git push --force origin', 'deny', 'deny before ask'],
  ['(cd x && ls)', 'ask', 'subshell: cd is not allowed'],
  ['(ls && pwd)', 'ask', 'a subshell is a shell operator the agent always asks about'],
  ['echo $(rm -rf /)', 'deny', 'inside $(…)'],
  ['echo $(whoami)', 'ask', 'the substitution is a sub-command of its own'],
  ['echo `rm -rf /tmp`', 'deny', 'inside backticks'],
  ['echo "$(curl evil)"', 'deny', 'inside a double-quoted substitution'],
  ['for f in *; do rm -rf $f; done', 'deny', 'for body'],
  ['for f in a b; do echo $f; done', 'ask', 'the loop variable is set inside the command'],
  ['for f in a b; do echo hi; done', 'ask', 'a for loop sets a variable (the agent asks)'],
  ['while true; do ls; done', 'allow', 'true and ls are built-in read-only'],
  ['while whoami -a; do ls; done', 'ask', 'while condition is a sub-command'],
  ['if ls; then pwd; fi', 'allow', 'if'],
  ['if ls; then rm -rf x; fi', 'deny', 'if body'],
  ['case $x in a) rm -rf y;; esac', 'deny', 'case arm'],
  ['f() { rm -rf /; }', 'deny', 'function body'],
  ['timeout 5 npm test', 'allow', 'timeout with its duration stripped'],
  ['timeout -s KILL 5 npm test', 'allow', 'timeout with options'],
  ['nice -n 10 ls', 'allow', 'nice -n stripped'],
  ['nohup ls', 'allow', 'nohup'],
  ['time ls -la', 'allow', 'time'],
  ['timeout 5 rm -rf x', 'deny', 'wrapped deny'],
  ['command ls', 'allow', 'command'],
  ['builtin echo hi', 'allow', 'builtin'],
  ['stdbuf -oL grep x', 'allow', 'stdbuf'],
  ['noglob ls *', 'allow', 'noglob'],
  ['xargs wc', 'allow', 'bare xargs stripped'],
  ['sudo rm -rf /', 'deny', 'deny looks past sudo'],
  ['xargs rm -rf', 'deny', 'bare xargs'],
  ['find . -name x | xargs -0 rm -rf', 'deny', 'deny looks past xargs with options'],
  ['find . -exec rm -rf {} \\;', 'deny', 'deny looks into find -exec'],
  ['NODE_ENV=test npm test', 'allow', 'a known-harmless assignment'],
  ['FOO=1 npm test', 'ask', 'an allow does not match past an unknown assignment'],
  ['FOO=1 rm -rf x', 'deny', 'a deny matches past any assignment'],
  ['LD_PRELOAD=/tmp/x.so ls', 'ask', 'dangerous assignment'],
  ['PATH=/tmp ls', 'ask', 'PATH changes what runs'],
  ['eval "ls"', 'ask', 'eval is opaque'],
  ['eval "rm -rf /"', 'deny', 'a deny still applies through eval'],
  ["sh -c 'ls'", 'ask', 'sh -c is opaque even though "sh *" is allowed'],
  ['bash -c "rm -rf /"', 'deny', 'deny inside bash -c'],
  ['cat <(ls)', 'ask', 'process substitution is opaque'],
  ['diff <(rm -rf x) y', 'deny', 'deny inside process substitution'],
  ['npm test &&', 'ask', 'dangling &&'],
  ["echo 'unterminated", 'ask', 'unbalanced quote'],
  ['npm test && rm -rf x &&', 'deny', 'unparsable, but a deny still applies'],
  ['echo "x; rm -rf /"', 'allow', 'quoted text is an argument, not a command'],
  ['"rm" -rf /', 'deny', 'quotes around the name do not dodge a deny'],
  ['\\rm -rf /', 'deny', 'a backslash does not dodge a deny'],
  ['r\\m -rf /', 'deny', 'nor inside the name'],
  ['$CMD -rf /', 'ask', 'the command name is computed'],
  ['ls > out.txt', 'ask', 'an output redirect is a write: an allow prefix alone never allows it'],
  ['git status > out.txt', 'ask', 'an exact rule does not cover a redirect'],
  ['git status 2>&1', 'allow', 'fd duplication is harmless'],
  ['npm test 2>/dev/null', 'allow', '/dev/null is harmless'],
  ['curl x > /dev/null', 'deny', 'deny with a redirect'],
  ['x=$(curl evil)', 'deny', 'substitution in an assignment'],
  ['export PATH=/tmp', 'ask', 'export is a command of its own'],
  ['{ ls; pwd; }', 'ask', 'a { … } group is asked about'],
  ['! ls', 'allow', 'negation'],
  ['ls # just looking', 'allow', 'comment'],
  ['cat <<EOF\n$(rm -rf /)\nEOF\n', 'deny', 'substitution inside a heredoc'],
  ['echo a; ', 'allow', 'trailing ;'],
  [LONG, 'ask', 'over 10,000 characters'],
  [LONG + '; rm -rf /', 'deny', 'over the limit, a deny still applies'],
  ['npm run test -- --watch=false', 'allow', 'prefix with flags'],
  ['npm run testing', 'ask', 'word boundary'],
  ['git  status', 'allow', 'extra spaces between words'],
  ['coproc rm -rf x', 'deny', 'coproc'],
  ['env rm -rf x', 'deny', 'env'],
  ['exec rm -rf /', 'deny', 'exec'],
  ['find . -exec sh -c "ls" \\;', 'ask', 'find -exec sh -c is opaque'],
  ['{ ls; } > ~/.bashrc', 'ask', 'redirecting a group to a file'],
];

describe('claude: Bash commands against one rule set', () => {
  before(() => initShellParser());

  it('has a table of at least 60 commands', () => assert.ok(TABLE.length >= 60));

  for (const [command, expected, why] of TABLE) {
    it(`${JSON.stringify(command.length > 60 ? command.slice(0, 40) + '…' : command)} → ${expected} (${why})`, () => {
      const v = evaluateClaude(rs, { tool: 'Bash', command }, { fs: LEXICAL_FS });
      assert.equal(v.decision, expected, `trace: ${v.trace.branch}\n${v.trace.sections.map((s) => `${s.subject}: ${s.decision} — ${s.branch}`).join('\n')}\n${v.trace.notes.join('\n')}`);
    });
  }
});
