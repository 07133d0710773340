import type { Decision } from '../../../shared/model';

/**
 * Observed CLI answers RuleLens deliberately does not follow: it is stricter there (ask where the CLI
 * allowed, or deny where it asked), because what the CLI does for that shape is not transcribed or its
 * own answers for the same shape disagree, and a wrong allow is the one mistake a linter must not make.
 * [settings text (project root /proj), request, the CLI's answer, RuleLens's, why]. Every entry needs a
 * reason; the differential run (test/differential/claude.diff.ts) passes a disagreement only when it is
 * listed here with the same request and the same two answers.
 */
export type StricterRow = [string, Record<string, string>, Decision, Decision, string];

export const STRICTER: StricterRow[] = [
  // Seed 9090: the CLI ran `cat /etc/hostname &` under a bare Bash allow but asked for `echo hi &` in the
  // same settings; which backgrounded commands it lets through is not understood yet, so RuleLens asks for all.
  ['{"permissions":{"allow":["Bash"],"defaultMode":"acceptEdits"}}', { tool: 'Bash', command: 'cat /etc/hostname &' }, 'allow', 'ask', 'a background & under a bare Bash allow'],
  // The cached answers (2.1.328 and 2.1.332) also ran `command rm -f "x" < .e* &` under a bare Bash allow:
  // the same unexplained class, so still ask.
  ['{"permissions":{"allow":["Bash","Bash(curl:*)","Edit(src/**)"],"ask":["Read(b.txt)"]}}', { tool: 'Bash', command: 'command rm -f "x" < .e* &' }, 'allow', 'ask', 'a background & under a bare Bash allow'],
  // Both versions ran `readlink \.env 2>/dev/null` with no rule in acceptEdits mode (readlink is in their
  // read-only table and names no checked path). RuleLens's read-only layer takes only words whose text
  // is their value: a backslash escape is not proven plain, so the mode decides (ask).
  ['{"permissions":{"allow":["Bash(mkdir *)"],"deny":["Read(.ENV)"],"defaultMode":"acceptEdits"}}', { tool: 'Bash', command: 'readlink \\.env 2>/dev/null' }, 'allow', 'ask', 'a backslash-escaped word in the read-only layer'],
  // Seed 3232 (both versions) and a probe: acceptEdits runs `sed --in-place s/a/b/ a.txt` with no rule. RuleLens's
  // acceptEdits set is the file-system commands only (mkdir, touch, rm, rmdir, mv, cp); which sed forms the
  // agent's mode approves is not transcribed yet, so the mode asks.
  ['{"permissions":{"allow":["Bash(wc:*)"],"defaultMode":"acceptEdits"}}', { tool: 'Bash', command: 'sed --in-place s/a/b/ a.txt 2>err.txt' }, 'allow', 'ask', 'sed -i under acceptEdits'],
  // Seed 31337: `\` + newline joins `docs` and `git` into one word for bash (the CLI allows under its
  // bare Bash allow), but a command with escaped whitespace is also split at newlines, conservatively,
  // so a deny or ask rule sees every line it might run: `git status` meets the `Bash(git *)` ask.
  ['{"permissions":{"allow":["Bash(printf *)","Bash"],"deny":["Bash(curl *)"],"ask":["Bash(git *)"]}}', { tool: 'Bash', command: 'ls docs\\\ngit status' }, 'allow', 'ask', 'a line continuation, split conservatively for ask and deny rules'],
  // Asked of 2.1.328 and 2.1.332 (both agree): an allow rule without a wildcard that is the whole command as
  // written approves it before the program's own checks, brace expansion and the wrapper checks, which stop
  // only prefix and wildcard rules (`Bash(eval:*)` asks for `eval echo hi`, `Bash(watch ls)` for
  // `timeout 1 watch ls`). Where exactly that shortcut sits among the deny and path checks is not
  // transcribed yet, so RuleLens keeps those checks for exact rules too (ask).
  ['{"permissions":{"allow":["Bash(source .venv/bin/activate)"]}}', { tool: 'Bash', command: 'source .venv/bin/activate' }, 'allow', 'ask', 'an exact allow of the whole command'],
  ['{"permissions":{"allow":["Bash(eval echo hi)"]}}', { tool: 'Bash', command: 'eval echo hi' }, 'allow', 'ask', 'an exact allow of the whole command'],
  ['{"permissions":{"allow":["Bash(find . -delete)"]}}', { tool: 'Bash', command: 'find . -delete' }, 'allow', 'ask', 'an exact allow of the whole command'],
  ['{"permissions":{"allow":["Bash(git status {-s,--porcelain})"]}}', { tool: 'Bash', command: 'git status {-s,--porcelain}' }, 'allow', 'ask', 'an exact allow of the whole command'],
  ['{"permissions":{"allow":["Bash(jq -f x.jq a.json)"]}}', { tool: 'Bash', command: 'jq -f x.jq a.json' }, 'allow', 'ask', 'an exact allow of the whole command'],
  ['{"permissions":{"allow":["Bash(timeout 1 watch ls)"]}}', { tool: 'Bash', command: 'timeout 1 watch ls' }, 'allow', 'ask', 'an exact allow of the whole command'],
  // Seed 20261203 (grouped run, both versions): plan mode ran `for i in 1; do timeout 5 true; done` with no
  // rule for it; RuleLens does not prove a loop's body read-only (its variable could be used), so it asks.
  ['{"permissions":{"allow":["Bash(find:*)","Bash(echo:*)","Bash(rm *)","Bash(head:*)"],"deny":["Bash(curl *)","Read(lnk/**)"],"ask":["Edit(new/**)"],"defaultMode":"plan"}}', { tool: 'Bash', command: 'for i in 1; do timeout 5 true; done' }, 'allow', 'ask', 'a for loop in the read-only layer'],
  // Seed 20261203 (3,060 cases, grouped, both versions) — the same classes as above, kept by the run's own
  // commands so the run's strict check finds them:
  ['{"permissions":{"allow":["Bash(find . -name:*)","Bash(curl:*)","Bash(grep:*)"],"deny":["Read(./.env)","Bash(cat .env)"],"defaultMode":"acceptEdits"}}', { tool: 'Bash', command: 'sed --in-place s/a/b/ a.txt >&2' }, 'allow', 'ask', 'sed -i under acceptEdits'],
  ['{"permissions":{"allow":["Bash(find:*)","Bash(echo:*)","Bash(rm *)","Bash(head:*)"],"deny":["Bash(curl *)","Read(lnk/**)"],"ask":["Edit(new/**)"],"defaultMode":"plan"}}', { tool: 'Bash', command: 'timeout 5 od -c \\.env < a.txt' }, 'allow', 'ask', 'a backslash-escaped word in the read-only layer'],
  ['{"permissions":{"allow":["Bash(find:*)","Bash(echo:*)","Bash(rm *)","Bash(head:*)"],"deny":["Bash(curl *)","Read(lnk/**)"],"ask":["Edit(new/**)"],"defaultMode":"plan"}}', { tool: 'Bash', command: 'grep -r a \\.env < /dev/null' }, 'allow', 'ask', 'a backslash-escaped word in the read-only layer'],
  // dontAsk turns RuleLens's ask for the escaped word into a deny; the CLI ran `cd \.env` (a read-only cd).
  ['{"permissions":{"allow":["Bash(file *)","Bash(git status)","Edit(lnk/**)"],"ask":["Bash(mkdir:*)","Read(SECRETS/**)"],"defaultMode":"dontAsk"}}', { tool: 'Bash', command: 'cd \\.env && ls > /dev/null' }, 'allow', 'deny', 'a backslash-escaped word in the read-only layer, under dontAsk'],
  // acceptEdits ran `sed 's/a/b/' docs` (no -i: it prints). RuleLens judges a sed substitution as a write
  // (`s///w FILE` writes, `s///e` runs a command) and which sed scripts the agent's mode approves is not
  // transcribed (see `sed -i` above), so the mode asks.
  ['{"permissions":{"allow":["Bash(grep a:*)","Bash(tar -tf:*)"],"deny":["Read(.env)"],"ask":["Read(SECRETS/**)"],"defaultMode":"acceptEdits"}}', { tool: 'Bash', command: "ls -la; sed 's/a/b/' docs > out.txt" }, 'allow', 'ask', 'a sed substitution under acceptEdits'],
  // The CLI's read-only layer ran `git status /etc/hostname` (it does not check git's operands). RuleLens
  // takes a git pathspec only inside the working folders: in a repository that reaches there,
  // `git status PATH` lists the names of files outside the project, which is not proven harmless.
  ['{"permissions":{"allow":["Bash(tar:*)"],"ask":["Bash(echo *)"],"defaultMode":"bypassPermissions"}}', { tool: 'Bash', command: 'timeout 5 git status /etc/hostname' }, 'allow', 'ask', 'a git pathspec outside the working folders'],
  // `Bash(xargs -a:*)` allowed `xargs -a a.txt echo` on the CLI although `Bash(echo *)` asks: its ask rules
  // do not judge the command xargs runs. RuleLens lets deny and ask rules judge it (an xargs allow names
  // xargs, not the program it starts), so the ask rule asks.
  ['{"permissions":{"allow":["Bash(tar:*)","Bash(tar *)","Bash(find:*)","Bash(xargs -a:*)","Bash(awk:*)","Bash(rg:*)"],"ask":["Bash(echo *)","Read(b.txt)"],"defaultMode":"bypassPermissions"}}', { tool: 'Bash', command: 'nice xargs -a a.txt echo || od -c [ab].txt <<< hi' }, 'allow', 'ask', 'an ask rule judges the command xargs runs'],
  // The CLI asks for the `{ … }` group ("can't be checked before it runs") without judging sed's operands;
  // RuleLens judges them as the CLI does outside a group (sed's file operands count as written unless
  // its script is a read-only one), so `Edit(*.txt)` denies a.txt.
  ['{"permissions":{"allow":["Bash(rm *)","Bash(readlink:*)","Bash(find . -name:*)","Edit(/new/**)"],"deny":["Edit(*.txt)"],"ask":["Bash(git *)","Edit(lnk/**)"],"defaultMode":"bypassPermissions"}}', { tool: 'Bash', command: '{ sed -e s/a/b/ a.txt >&2; }' }, 'ask', 'deny', "sed's operands judged inside a { … } group"],
];
