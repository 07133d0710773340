import { strict as assert } from 'assert';
import { LEXICAL_FS, strictest } from '../../../shared/model';
import { STRICTER } from './stricter-rows';
import type { Decision } from '../../../shared/model';
import { evaluateClaude, initShellParser, parseClaude } from '../../../shared/dialects/claude';

/**
 * The rows of the table the real Claude Code CLI (2.1.328) was observed deciding, through the
 * loopback mock in test/differential/claude/. [settings text, request, decision, why]
 */
const ROWS: Array<[string, Record<string, unknown>, Decision, string]> = [
  ['{"permissions":{"allow":["Bash(echo:*)"]}}', { tool: 'Bash', command: 'echo ${HOME%$(touch x)}' }, 'ask', 'a substitution inside a parameter expansion'],
  ['{"permissions":{"allow":["Bash(echo:*)"]}}', { tool: 'Bash', command: 'echo ${HOME#`touch x`}' }, 'ask', 'backticks inside a parameter expansion'],
  ['{"permissions":{"allow":["Bash(echo:*)"]}}', { tool: 'Bash', command: 'echo `echo \\`touch x\\` `' }, 'ask', 'nested backticks'],
  ['{"permissions":{"allow":["Bash(cat:*)"]}}', { tool: 'Bash', command: 'cat <<EOF\n`touch x`\nEOF' }, 'ask', 'an unquoted here-doc body'],
  ['{"permissions":{"allow":["Bash(git status:*)"]}}', { tool: 'Bash', command: 'git status\\\n#; touch x' }, 'ask', 'backslash-newline: the # is glued to a word'],
  ['{"permissions":{"allow":["Bash(echo:*)"]}}', { tool: 'Bash', command: 'echo a\r#; touch x' }, 'deny', 'a control character: refused outright'],
  ['{}', { tool: 'Bash', command: 'lsof' }, 'allow', 'built-in read-only command'],
  ['{}', { tool: 'Bash', command: 'ls -la' }, 'allow', 'built-in read-only command'],
  ['{"permissions":{"deny":["Bash(curl *)"]}}', { tool: 'Bash', command: '/usr/bin/curl https://example.com' }, 'deny', 'the deny sees through the absolute path'],
  ['{"permissions":{"defaultMode":"bypassPermissions"}}', { tool: 'Bash', command: 'curl x' }, 'ask', 'bypass mode from a project file is ignored'],
  ['{"permissions":{"allow":["Bash(echo:*)"]}}', { tool: 'Bash', command: 'echo hi > ~/.bashrc' }, 'ask', 'a write outside the project'],
  ['{"permissions":{"allow":["Bash(echo:*)"]}}', { tool: 'Bash', command: 'echo hi >& out.txt' }, 'ask', '>& to a file is a write'],
  ['{"permissions":{"allow":["Bash(echo:*)"]}}', { tool: 'Bash', command: 'echo hi {fd}> out.txt' }, 'ask', '{fd}> assigns a variable and writes'],
  ['{"permissions":{"allow":["Bash(cat:*)"]}}', { tool: 'Bash', command: "cat <<'EOF' > out.txt\nx\nEOF" }, 'ask', 'a here-doc into a file'],
  ['{"permissions":{"allow":["Read(./**)"]}}', { tool: 'Read', path: 'docs/a.md' }, 'allow', 'a missing file is judged like a present one'],
  ['{}', { tool: 'Read', path: 'README.md' }, 'allow', 'read-only tool inside the working directories'],
  ['{"permissions":{"allow":["Bash(ls:*)",]}}', { tool: 'Bash', command: 'ls -la > out.txt' }, 'ask', 'trailing comma: the file is skipped'],
  ['{"permissions":{"deny":["Bash(rm:*)"]}}', { tool: 'Bash', command: 'echo ' + '$('.repeat(3000) + 'rm x' + ')'.repeat(3000) }, 'deny', '3,000 deep: a verdict, the inner rm seen'],
  ['{"permissions":{"deny":["Bash(rm:*)"]}}', { tool: 'Bash', command: 'echo ' + '$('.repeat(3000) + 'touch x' + ')'.repeat(3000) }, 'ask', '3,000 deep: a verdict'],
  ['{"permissions":{"allow":["Bash(echo:*)"]}}', { tool: 'Bash', command: 'echo hi > out.txt' }, 'ask', 'a redirect inside the project asks in default mode'],
  ['{"permissions":{"allow":["Bash(echo:*)"],"defaultMode":"acceptEdits"}}', { tool: 'Bash', command: 'echo hi > out.txt' }, 'allow', 'acceptEdits covers a redirect inside the project'],
  ['{"permissions":{"allow":["Bash(echo:*)","Edit(*)"]}}', { tool: 'Bash', command: 'echo hi > out.txt' }, 'ask', '`Edit(*)` approves no write on the agent'],
  ['{"permissions":{"allow":["Bash(echo:*)"],"deny":["Edit(out.txt)"]}}', { tool: 'Bash', command: 'echo hi > out.txt' }, 'deny', 'an Edit deny denies the redirect'],
  ['{"permissions":{"allow":["Bash(touch:*)"]}}', { tool: 'Bash', command: 'command touch x' }, 'allow', '`command` is stripped for allows'],
  ['{"permissions":{"allow":["Bash(touch:*)"]}}', { tool: 'Bash', command: 'FOO=1 touch x' }, 'ask', 'an unknown assignment'],
  ['{"permissions":{"allow":["Bash(touch:*)"]}}', { tool: 'Bash', command: 'NODE_ENV=test touch x' }, 'allow', 'a known-harmless assignment'],
  ['{"permissions":{"deny":["Bash(curl *)"]}}', { tool: 'Bash', command: 'setsid curl x' }, 'deny', 'setsid seen through by a deny'],
  ['{"permissions":{"deny":["Bash(curl *)"]}}', { tool: 'Bash', command: 'ionice curl x' }, 'deny', 'ionice seen through by a deny'],
  ['{"permissions":{"allow":["Bash(echo:*)"]}}', { tool: 'Bash', command: 'echo ${HOME}' }, 'ask', 'a variable in braces'],
  ['{"permissions":{"allow":["Bash(echo:*)"]}}', { tool: 'Bash', command: 'echo $HOME' }, 'allow', 'a plain variable'],
  ['{"permissions":{"allow":["Bash(echo:*)"]}}', { tool: 'Bash', command: "echo $'\\x41'" }, 'ask', 'ANSI-C quoting'],
  ['{"permissions":{"allow":["Bash(echo:*)","Bash(date:*)"]}}', { tool: 'Bash', command: 'echo $(date)' }, 'ask', 'a nested command'],
  ['{"permissions":{"allow":["Bash(ls:*)","Bash(pwd)"]}}', { tool: 'Bash', command: '(ls && pwd)' }, 'ask', 'a subshell'],
  ['{}', { tool: 'Bash', command: 'ls &' }, 'ask', 'background &'],
  ['{}', { tool: 'Bash', command: 'ls -la /etc' }, 'ask', 'ls outside the working directories'],
  ['{}', { tool: 'Bash', command: 'cat /etc/hostname' }, 'ask', 'cat outside the working directories'],
  ['{"permissions":{"deny":["Read(.env)"]}}', { tool: 'Bash', command: 'cat .env' }, 'deny', 'a Read deny judges the file cat reads'],
  ['{}', { tool: 'Bash', command: 'cat a.txt | wc -l' }, 'allow', 'read-only pipeline'],
  ['{}', { tool: 'Bash', command: 'whoami && pwd' }, 'allow', 'read-only commands without arguments'],
  ['{}', { tool: 'Bash', command: 'git status --short' }, 'allow', 'git read-only'],
  ['{}', { tool: 'Bash', command: 'touch x' }, 'ask', 'a write with no rule'],
  ['{"permissions":{"allow":["Read(//etc/**)"]}}', { tool: 'Read', path: '/etc/hostname' }, 'allow', 'a read outside with an explicit allow'],
  ['{}', { tool: 'Read', path: '/etc/hostname' }, 'ask', 'a read outside with no rule'],
  ['{}', { tool: 'Edit', path: 'a.txt' }, 'ask', 'an edit with no rule'],
  ['{"permissions":{"allow":["Edit(docs/**)"]}}', { tool: 'Edit', path: 'docs/a.txt' }, 'allow', 'an Edit allow'],
  ['{"permissions":{"ask":["Bash(echo:*)"],"defaultMode":"dontAsk"}}', { tool: 'Bash', command: 'echo hi' }, 'deny', 'dontAsk turns an ask into a deny'],
  ['{"permissions":{"defaultMode":"dontAsk"}}', { tool: 'Bash', command: 'ls' }, 'allow', 'read-only commands need no approval in dontAsk'],
  ['{"permissions":{"defaultMode":"dontAsk"}}', { tool: 'Bash', command: 'touch x' }, 'deny', 'dontAsk denies what would prompt'],
  ['{}', { tool: 'Bash', command: 'while false; do ls; done' }, 'allow', 'a while loop of read-only commands'],
  ['{}', { tool: 'Bash', command: 'ls > /dev/null' }, 'allow', '/dev/null is no write'],
  // Found by the differential property (seed 7).
  ['{"permissions":{"deny":["Read(./.env)"]}}', { tool: 'Bash', command: 'printf x' }, 'allow', 'printf without options is read-only'],
  ['{}', { tool: 'Bash', command: 'printf -v x y' }, 'ask', 'printf with an option is not'],
  ['{"permissions":{"allow":["Bash(echo:*)"]}}', { tool: 'Bash', command: "cat <<'EOF'\nbasename a/b\nEOF" }, 'allow', 'a quoted here-doc as stdin of cat'],
  ['{}', { tool: 'Bash', command: 'cat < /etc/hostname' }, 'ask', 'an input file outside the working folders'],
  // Found by the differential property (seed 11, 300 cases).
  ['{"permissions":{"allow":["Bash(mkdir *)"],"defaultMode":"acceptEdits"}}', { tool: 'Bash', command: 'timeout 5 stat a.txt' }, 'allow', 'the read-only layer sees through wrappers'],
  ['{}', { tool: 'Bash', command: 'NODE_ENV=test ls docs 2>&1' }, 'allow', 'and through harmless assignments'],
  ['{}', { tool: 'Bash', command: 'command git status' }, 'allow', 'and through command'],
  ['{}', { tool: 'Bash', command: 'sort a.txt > /dev/null' }, 'allow', 'sort with safe flags is read-only'],
  ['{}', { tool: 'Bash', command: 'sort -o out.txt a.txt' }, 'ask', 'sort -o writes'],
  ['{"permissions":{"deny":["Read(./.env)"]}}', { tool: 'Bash', command: 'timeout 5 cat .env' }, 'deny', 'a Read deny through a wrapper'],
  ['{"permissions":{"allow":["Bash"],"deny":["Bash(curl *)"]}}', { tool: 'Bash', command: 'sort a.txt `whoami`' }, 'allow', 'a bare Bash allow approves hidden parts too'],
  ['{"permissions":{"allow":["Bash"]}}', { tool: 'Bash', command: 'echo $HOME > out.txt' }, 'allow', 'a bare Bash allow approves the write inside the project'],
  ['{"permissions":{"allow":["Bash"]}}', { tool: 'Bash', command: 'echo hi > ~/.bashrc' }, 'ask', 'but not a write outside it'],
  ['{"permissions":{"allow":["Bash(touch:*)"]}}', { tool: 'Bash', command: 'for i in 1; do touch x; done' }, 'ask', 'a for loop sets a variable'],
  ['{"permissions":{"allow":["Bash"],"defaultMode":"plan"}}', { tool: 'Bash', command: 'curl http://127.0.0.1:9/' }, 'ask', 'plan mode sets a bare Bash allow aside'],
  ['{"permissions":{"allow":["Edit(/new/**)"],"defaultMode":"plan"}}', { tool: 'Write', path: 'new/x.txt' }, 'ask', 'plan mode holds writes'],
  ['{"permissions":{"defaultMode":"plan"}}', { tool: 'Bash', command: 'timeout 5 cat a.txt > /dev/null' }, 'allow', 'plan mode lets read-only work run'],
  ['{"permissions":{"deny":["Read(docs/**)"],"defaultMode":"plan"}}', { tool: 'Bash', command: 'echo hi >> docs/log.txt' }, 'ask', 'a Read deny does not judge a redirect target'],
  ['{"permissions":{"allow":["Bash"],"deny":["Read(docs/**)"]}}', { tool: 'Read', path: 'docs/../.env' }, 'allow', 'the path is judged normalized: docs/../.env is .env'],
  ['{"permissions":{"deny":["Read(.env)"]}}', { tool: 'Write', path: '.env' }, 'deny', 'a Read deny blocks writes'],
  // Found by the differential property (seed 12, 250 cases).
  ['{}', { tool: 'Bash', command: 'nice id' }, 'ask', 'the read-only layer does not look past nice'],
  ['{}', { tool: 'Bash', command: 'nice git status --short' }, 'ask', 'nor for git'],
  ['{"permissions":{"allow":["Edit(*)"],"defaultMode":"dontAsk"}}', { tool: 'Write', path: 'docs/a.md' }, 'deny', '`Edit(*)` approves nothing'],
  ['{"permissions":{"allow":["Edit(*)"]}}', { tool: 'Write', path: '.env' }, 'ask', '`Edit(*)` approves nothing'],
  ['{"permissions":{"allow":["Edit(*)"]}}', { tool: 'Bash', command: 'echo $HOME' }, 'allow', 'echo of a plain variable is read-only'],
  ['{}', { tool: 'Bash', command: 'cat $F' }, 'ask', 'a computed file operand is not'],
  ['{"permissions":{"allow":["Bash(echo:*)","Bash"]}}', { tool: 'Bash', command: 'for i in 1; do echo hi 2>&1; done' }, 'allow', 'a bare Bash allow behind a narrower one'],
  ['{"permissions":{"defaultMode":"acceptEdits"}}', { tool: 'Bash', command: 'touch x 2>&1 && NODE_ENV=test echo hi' }, 'allow', 'acceptEdits approves file-system commands inside'],
  // Found by the long differential run (seed 777): the CLI asks where RuleLens allowed.
  ['{"permissions":{"allow":["Bash(ls *)","Read(./**)","Edit(/new/**)"],"ask":["Bash(git *)"],"defaultMode":"acceptEdits"}}', { tool: 'Bash', command: 'nice touch x' }, 'ask', 'acceptEdits does not look past nice'],
  ['{"permissions":{"deny":["Read(docs/**)","Bash(cat .env)"],"ask":["Read(b.txt)"],"defaultMode":"acceptEdits"}}', { tool: 'Bash', command: 'command touch x 2>&1' }, 'ask', 'acceptEdits does not look past command'],
  ['{"permissions":{"allow":["Bash(touch:*)","Bash"],"ask":["Bash(mkdir:*)"],"defaultMode":"bypassPermissions"}}', { tool: 'Bash', command: 'echo hi &' }, 'ask', 'a background & under a bare Bash allow'],
  ['{"permissions":{"allow":["Bash(echo:*)","Read(./**)"],"ask":["Bash(git *)"]}}', { tool: 'Bash', command: 'echo $HOME &' }, 'ask', 'a background & under a prefix allow'],
  ['{"permissions":{"allow":["Bash(touch:*)","Bash(mkdir *)"],"defaultMode":"bypassPermissions"}}', { tool: 'Bash', command: 'touch y &' }, 'ask', 'a background & with project bypass ignored'],
  ['{"permissions":{"defaultMode":"acceptEdits"}}', { tool: 'Bash', command: 'rm -rf /tmp/d' }, 'ask', 'rm outside, acceptEdits'],
  ['{"permissions":{"allow":["Edit(docs/**)"]}}', { tool: 'Bash', command: 'sort a.txt >> docs/log.txt' }, 'allow', 'an Edit allow approves the redirect target'],
  ['{"permissions":{"allow":["Edit(/new/**)"]}}', { tool: 'Bash', command: 'timeout 5 cat .env > new/x.txt' }, 'allow', 'an Edit allow approves the redirect target'],
  ['{"permissions":{"deny":["Edit(out.txt)"],"ask":["Bash(echo *)"],"defaultMode":"plan"}}', { tool: 'Bash', command: 'echo $HOME > out.txt' }, 'deny', 'an Edit deny on the target'],
  ['{"permissions":{"defaultMode":"plan"}}', { tool: 'Read', path: '/etc/hostname' }, 'allow', 'plan mode lets reads run'],  // Found by the long differential run (seed 777, 1,320 cases): the remaining disagreements.
  ['{"permissions":{"allow":["Bash(ls *)","Bash(printf *)"],"deny":["Bash(mkdir:*)","Read(docs/**)"],"ask":["Bash(mkdir:*)","Bash(git *)"],"defaultMode":"acceptEdits"}}', { tool: 'Bash', command: "cat <<EOF\n$(cat docs/a.md)\nEOF" }, 'ask', 'a hidden part asks before paths are checked against denies'],
  ['{"permissions":{"deny":["Bash(curl *)","Bash(cat .env)"]}}', { tool: 'Bash', command: "nice /usr/bin/curl http://127.0.0.1:9/ 2>&1 || whoami >> docs/log.txt" }, 'ask', 'a deny does not see a program path past a wrapper'],
  ['{"permissions":{"allow":["Read(docs/**)","Edit(docs/**)"],"deny":["Bash(curl *)","Bash(touch x)"],"ask":["Bash(ls:*)","Read(b.txt)"],"defaultMode":"plan"}}', { tool: 'Bash', command: "NODE_ENV=test stat a.txt >> docs/log.txt" }, 'allow', 'plan mode keeps narrow allow rules and the read-only layer'],
  ['{"permissions":{"allow":["Bash(touch x)","Bash(rm *)"],"deny":["Edit(out.txt)"],"defaultMode":"default"}}', { tool: 'Bash', command: "env echo ${HOME} > out.txt" }, 'ask', 'a hidden part asks before paths are checked against denies'],
  ['{"permissions":{"allow":["Bash(touch:*)","Bash(cat *)","Read(docs/**)","Bash(wc:*)"],"deny":["Bash(rm *)"],"ask":["Bash(echo *)","Edit(new/**)"],"defaultMode":"plan"}}', { tool: 'Bash', command: "NODE_ENV=test touch x > /dev/null" }, 'allow', 'plan mode keeps narrow allow rules and the read-only layer'],
  ['{"permissions":{"allow":["Bash(printf *)"],"ask":["Edit(new/**)","Bash(git *)"],"defaultMode":"acceptEdits"}}', { tool: 'Bash', command: "command lsof -v > new/x.txt\necho 'a;b' >> docs/log.txt" }, 'allow', 'an Edit ask rule does not judge a redirect target'],
  ['{"permissions":{"allow":["Bash"],"defaultMode":"plan"}}', { tool: 'Bash', command: "cat <<'EOF'\nid\nEOF" }, 'allow', 'plan mode keeps narrow allow rules and the read-only layer'],
  ['{"permissions":{"allow":["Bash","Edit(*)","Edit(/new/**)","Bash(wc:*)"],"ask":["Bash(mkdir:*)","Edit(new/**)"]}}', { tool: 'Bash', command: "rm -rf d > new/x.txt" }, 'allow', 'an Edit ask rule does not judge a redirect target'],
  ['{"permissions":{"allow":["Bash(printf *)","Bash","Read(docs/**)","Bash(wc:*)"],"ask":["Edit(new/**)"],"defaultMode":"acceptEdits"}}', { tool: 'Bash', command: "git status > new/x.txt | timeout 5 touch y > out.txt" }, 'allow', 'an Edit ask rule does not judge a redirect target'],
  ['{"permissions":{"allow":["Bash(mkdir *)","Edit(docs/**)","Edit(*)"],"deny":["Bash(touch x)"],"ask":["Edit(new/**)","Bash(git *)"],"defaultMode":"acceptEdits"}}', { tool: 'Bash', command: "mkdir -p d > new/x.txt" }, 'allow', 'an Edit ask rule does not judge a redirect target'],
  ['{"permissions":{"allow":["Bash(touch x)","Bash(printf *)","Edit(*)"],"deny":["Read(./.env)","Edit(out.txt)"],"ask":["Edit(new/**)","Bash(git *)"]}}', { tool: 'Bash', command: "nice cat .env > /dev/null; env which ls >> docs/log.txt" }, 'deny', 'a Read deny sees past nice'],
  ['{"permissions":{"allow":["Bash(echo:*)"],"deny":["Read(./.env)"],"ask":["Bash(ls:*)","Bash(git *)"],"defaultMode":"acceptEdits"}}', { tool: 'Bash', command: "cat .env $(uname -a)" }, 'ask', 'a hidden part asks before paths are checked against denies'],
  ['{"permissions":{"allow":["Edit(*)"],"deny":["Read(.env)"],"defaultMode":"default"}}', { tool: 'Bash', command: "nice cat .env > new/x.txt\nrm -f x 2>&1" }, 'deny', 'a Read deny sees past nice'],
  ['{"permissions":{"allow":["Bash","Edit(docs/**)","Edit(*)"],"deny":["Read(.env)","Bash(touch x)"],"ask":["Edit(new/**)","Bash(git *)"],"defaultMode":"plan"}}', { tool: 'Bash', command: "timeout 5 head -n 1 a.txt 2>&1" }, 'allow', 'plan mode keeps narrow allow rules and the read-only layer'],
  ['{"permissions":{"allow":["Bash(rm *)","Edit(/new/**)"],"deny":["Read(.env)"],"ask":["Bash(mkdir:*)"],"defaultMode":"plan"}}', { tool: 'Bash', command: "ls -la `cat .env`" }, 'ask', 'plan mode keeps narrow allow rules and the read-only layer'],
  ['{"permissions":{"allow":["Bash","Read(./**)","Edit(docs/**)"],"deny":["Bash(curl *)","Read(./.env)"],"defaultMode":"plan"}}', { tool: 'Bash', command: "echo hi >> docs/log.txt" }, 'allow', 'plan mode keeps narrow allow rules and the read-only layer'],
  ['{"permissions":{"allow":["Bash(ls *)","Bash(git status)"],"deny":["Bash(rm *)"],"defaultMode":"plan"}}', { tool: 'Bash', command: "ls docs" }, 'allow', 'plan mode keeps narrow allow rules and the read-only layer'],
  // Found by the long differential run (seed 20261201) and probed: wrappers, paths outside, listings.
  ['{"permissions":{"defaultMode":"acceptEdits"}}', { tool: 'Bash', command: 'command rm -rf d 2>&1' }, 'allow', 'acceptEdits looks past command before rm'],
  ['{"permissions":{"defaultMode":"acceptEdits"}}', { tool: 'Bash', command: 'nice mkdir -p d' }, 'allow', 'and past nice before mkdir'],
  ['{"permissions":{"defaultMode":"acceptEdits"}}', { tool: 'Bash', command: 'command touch x' }, 'ask', 'but not before touch'],
  ['{"permissions":{"allow":["Bash(ls *)"],"defaultMode":"acceptEdits"}}', { tool: 'Bash', command: 'ls /etc' }, 'ask', 'a path outside asks whatever allow matches'],
  ['{"permissions":{"allow":["Bash(rm *)"]}}', { tool: 'Bash', command: 'rm -f /tmp/x' }, 'ask', 'rm of a path outside'],
  ['{"permissions":{"allow":["Bash"]}}', { tool: 'Bash', command: 'ls /etc' }, 'allow', 'a bare Bash allow approves a path outside'],
  ['{"permissions":{"deny":["Bash(curl *)"]}}', { tool: 'Bash', command: 'timeout 5 /usr/bin/curl http://127.0.0.1:9/' }, 'deny', 'a deny sees a program path past timeout'],
  ['{"permissions":{"deny":["Bash(curl *)"]}}', { tool: 'Bash', command: 'nice -n 5 /usr/bin/curl http://127.0.0.1:9/' }, 'deny', 'and past nice with an option'],
  ['{"permissions":{"deny":["Bash(touch x)"]}}', { tool: 'Bash', command: 'ls\\\ntouch x' }, 'ask', 'backslash-escaped whitespace asks before any deny'],
  ['{"permissions":{"deny":["Bash(mkdir:*)"]}}', { tool: 'Bash', command: 'echo ${HOME%$(mkdir -p d)}' }, 'ask', 'a substitution inside ${…} asks before any deny'],
  ['{"permissions":{"deny":["Bash(mkdir:*)"]}}', { tool: 'Bash', command: 'echo $(mkdir -p d)' }, 'deny', 'a plain substitution is seen by the deny'],
  ['{"permissions":{"deny":["Read(docs/**)"]}}', { tool: 'Bash', command: 'ls docs' }, 'deny', 'a Read deny on the folder denies listing it'],
  ['{"permissions":{"deny":["Read(docs/**)"]}}', { tool: 'Bash', command: 'command ls -la docs/' }, 'deny', 'behind command, with a trailing slash'],
  ['{"permissions":{"allow":["Bash"],"deny":["Read(.env)"]}}', { tool: 'Bash', command: 'cat .env $(id)' }, 'allow', 'behind hidden parts a bare Bash allow approves before the read check'],
  ['{"permissions":{"allow":["Bash"],"deny":["Read(.env)"]}}', { tool: 'Bash', command: 'cat .env' }, 'deny', 'without them the Read deny holds'],
  ['{"permissions":{"allow":["Bash"],"deny":["Read(docs/**)"]}}', { tool: 'Bash', command: 'nice ls /etc > out.txt; command cat docs/a.md > /dev/null' }, 'deny', 'a path outside is no hidden part'],
  ['{"permissions":{"allow":["Bash(cat \\"$PWD/a.txt\\")"]}}', { tool: 'Bash', command: 'cat "$PWD/a.txt"' }, 'allow', 'an exact allow approves a computed path it names'],
  ['{"permissions":{"allow":["Bash(cat *)"]}}', { tool: 'Bash', command: 'cat $PWD/a.txt' }, 'ask', 'a wildcard allow does not approve a computed path'],
  ['{"permissions":{"allow":["Bash(ls *)"]}}', { tool: 'Bash', command: 'ls "$PWD"' }, 'ask', 'nor a quoted one'],
  ['{"permissions":{"allow":["Bash(rm -f \\"$PWD/zz.db\\")"]}}', { tool: 'Bash', command: 'rm -f "$PWD/zz.db"' }, 'ask', 'rm of a computed path asks even under its exact allow'],
  ['{"permissions":{"allow":["Bash(ls *)"]}}', { tool: 'Bash', command: 'ls ~' }, 'ask', 'the home folder is outside'],
  ['{"permissions":{"allow":["Bash(echo:*)","Bash","WebFetch(domain:*.example.com)"],"deny":["Bash(mkdir:*)"]}}', { tool: 'Bash', command: 'wc -l a.txt\\\ncat docs/a.md' }, 'allow', 'a bare Bash allow approves escaped whitespace'],
  ['{"permissions":{"allow":["Bash"],"deny":["Bash(touch x)"]}}', { tool: 'Bash', command: 'ls\\\ntouch x' }, 'allow', 'before the inner deny is consulted'],
  ['{"permissions":{"allow":["Bash"]}}', { tool: 'Bash', command: 'echo ${HOME%$(touch x)}' }, 'ask', 'but not a substitution inside ${…}'],
  ['{"permissions":{"allow":["Bash(echo:*)","Bash(echo *)","Bash(cat *)","Edit(*)"],"deny":["Edit(docs/**)"],"defaultMode":"acceptEdits"}}', { tool: 'Bash', command: 'NODE_ENV=test touch y > out.txt' }, 'ask', 'acceptEdits does not look past an assignment before touch'],
  ['{"permissions":{"defaultMode":"acceptEdits"}}', { tool: 'Bash', command: 'NODE_ENV=test mkdir -p d' }, 'allow', 'but does before mkdir'],
  // Probed on the CLI while fixing those: redirects, wrappers, hidden parts, plan mode, WebFetch.
  ['{"permissions":{"allow":["Bash(echo:*)"],"ask":["Edit(new/**)"],"defaultMode":"acceptEdits"}}', { tool: 'Bash', command: 'echo hi > new/x.txt' }, 'allow', 'acceptEdits writes a redirect past an Edit ask rule'],
  ['{"permissions":{"allow":["Bash(echo:*)"],"deny":["Edit(out.txt)"]}}', { tool: 'Bash', command: 'env echo hi > out.txt' }, 'deny', 'an Edit deny judges a redirect behind env'],
  ['{"permissions":{"deny":["Bash(curl *)"]}}', { tool: 'Bash', command: 'nice curl http://127.0.0.1:9/' }, 'deny', 'a deny sees past nice'],
  ['{"permissions":{"deny":["Bash(curl *)"]}}', { tool: 'Bash', command: 'nice /usr/bin/curl http://127.0.0.1:9/' }, 'ask', 'but not past nice and a program path at once'],
  ['{"permissions":{"deny":["Read(.env)"]}}', { tool: 'Bash', command: 'env cat .env' }, 'deny', 'a Read deny sees past env'],
  ['{"permissions":{"deny":["Read(.env)"]}}', { tool: 'Bash', command: 'cat .env; echo $(uname -a)' }, 'ask', 'a nested command anywhere asks before path denies'],
  ['{"permissions":{"deny":["Bash(cat .env)"]}}', { tool: 'Bash', command: 'cat .env $(uname -a)' }, 'deny', 'a Bash deny is checked before the hidden parts'],
  ['{"permissions":{"allow":["Bash(echo:*)"],"deny":["Edit(out.txt)"]}}', { tool: 'Bash', command: 'echo ${HOME} > out.txt' }, 'ask', 'a variable in braces asks before the redirect deny'],
  ['{"permissions":{"allow":["Edit(docs/**)"],"defaultMode":"plan"}}', { tool: 'Write', path: 'docs/new.md' }, 'ask', 'plan mode holds a write before its allow rule'],
  ['{"permissions":{"allow":["WebFetch(domain:example.com)"],"defaultMode":"plan"}}', { tool: 'WebFetch', url: 'https://example.com/' }, 'allow', 'plan mode keeps a domain allow'],
  ['{"permissions":{"defaultMode":"plan"}}', { tool: 'WebFetch', url: 'https://docs.python.org/3/' }, 'allow', 'a preapproved documentation host in plan mode'],
  ['{}', { tool: 'WebFetch', url: 'https://docs.python.org/3/' }, 'allow', 'a preapproved documentation host needs no rule'],
  ['{}', { tool: 'WebFetch', url: 'https://example.com/a' }, 'ask', 'another host asks'],
  ['{"permissions":{"deny":["WebFetch(domain:*.example.com)"]}}', { tool: 'WebFetch', url: 'https://sub.example.com/' }, 'deny', 'a domain deny'],
  ['{"permissions":{"ask":["WebFetch(domain:example.com)"]}}', { tool: 'WebFetch', url: 'https://EXAMPLE.com/' }, 'ask', 'a domain ask, host case folded'],
  // Seed 777 on the final evaluator: the CLI checks what runs inside a ( … ) subshell (it denies by a Read deny).
  ['{"permissions":{"allow":["Bash(touch:*)","Edit(docs/**)"],"deny":["Read(./.env)"],"ask":["Bash(echo *)"],"defaultMode":"default"}}', { tool: 'Bash', command: '(cat .env)' }, 'deny', 'a Read deny sees into a subshell'],
  ['{"permissions":{"allow":["Bash(echo *)","Bash(printf *)"],"deny":["Read(docs/**)"],"ask":["Edit(new/**)"],"defaultMode":"bypassPermissions"}}', { tool: 'Bash', command: '(ls docs)' }, 'deny', 'a Read deny on a folder sees a listing inside a subshell'],
  // Asked of 2.1.328 and 2.1.332 (both agree): a wrapper the agent strips is no part of an allow's match,
  // `timeout` without a duration is no wrapper, and the evaluating builtins and `watch` ask under a prefix rule.
  ['{"permissions":{"allow":["Bash(time:*)"]}}', { tool: 'Bash', command: 'time sh ./payload.sh' }, 'allow', 'Bash(time:*) matches the command as written'],
  ['{"permissions":{"allow":["Bash(timeout:*)"]}}', { tool: 'Bash', command: 'timeout 5 sh ./payload.sh' }, 'allow', 'Bash(timeout:*) matches the command as written'],
  ['{"permissions":{"allow":["Bash(timeout /t 8 /nobreak)"]}}', { tool: 'Bash', command: 'timeout /t 8 /nobreak' }, 'allow', 'timeout without a duration is not stripped'],
  ['{"permissions":{"allow":["Bash(source:*)"]}}', { tool: 'Bash', command: 'source .venv/bin/activate' }, 'ask', "'source' evaluates arguments as shell code"],
  ['{"permissions":{"allow":["Bash(eval:*)"]}}', { tool: 'Bash', command: 'eval echo hi' }, 'ask', "'eval' evaluates arguments as shell code"],
  ['{"permissions":{"allow":["Bash(watch ls)"]}}', { tool: 'Bash', command: 'timeout 1 watch ls' }, 'ask', "what 'watch' starts can't be checked before it runs"],
];

describe('claude: where RuleLens is stricter than an observed CLI answer', () => {
  before(() => initShellParser());
  for (const [settings, request, cli, ours, why] of STRICTER) {
    it(`${settings.slice(0, 70)} ${request.tool} ${JSON.stringify(request.command)} → ${ours}, the CLI said ${cli} (${why})`, () => {
      assert.ok(why.trim().length > 0, 'every stricter entry gives its reason');
      assert.ok(ours !== cli && strictest([cli, ours], ours) === ours, `RuleLens's ${ours} is stricter than the CLI's ${cli}`);
      const rs = parseClaude({ path: '/proj/.claude/settings.json', text: settings }, { root: '/proj', home: '/home/u' });
      assert.equal(evaluateClaude(rs, request as never, { root: '/proj', home: '/home/u', fs: LEXICAL_FS }).decision, ours);
    });
  }
});

describe('claude: what the real CLI decides (observed rows)', () => {
  before(() => initShellParser());
  for (const [settings, request, expected, why] of ROWS) {
    const label = JSON.stringify(request.command ?? request.path ?? request.url).slice(0, 60);
    it(`${settings.slice(0, 70)} ${request.tool} ${label} → ${expected} (${why})`, () => {
      const rs = parseClaude({ path: '/proj/.claude/settings.json', text: settings }, { root: '/proj', home: '/home/u' });
      const v = evaluateClaude(rs, request as never, { root: '/proj', home: '/home/u', fs: LEXICAL_FS });
      assert.equal(v.decision, expected, `${v.trace.branch}\n${v.trace.sections.map((s) => `${s.kind} ${s.subject}: ${s.decision} — ${s.branch}`).join('\n')}`);
    });
  }
});
