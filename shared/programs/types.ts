/**
 * The knowledge base of programs: what a command can do beyond what its name suggests, for every
 * shell dialect's lints. Agent-neutral: nothing here knows a rule format; a dialect proposes the
 * witnesses to its own evaluator and reports only what the evaluator confirms.
 */

/** What an invocation can do that an allow rule should not grant by accident. */
export type Effect = 'runs-code' | 'writes-outside' | 'network' | 'escalates' | 'destroys';

/**
 * Root causes: the findings of several rules with the same cause are one finding (one fix to make,
 * one decision to take), with every rule in the related information.
 */
export type CauseGroup =
  | 'shell'
  | 'interpreter'
  | 'runner'
  | 'escalate'
  | 'package'
  | 'project-code'
  | 'container'
  | 'remote'
  | 'git-config'
  | 'git-config-write'
  | 'git-force-push'
  | 'gh-code'
  | 'gh-destroy'
  | 'exec-flag'
  | 'editor'
  | 'network-send'
  | 'writes-outside'
  | 'deletes';

/** One thing a program does when given certain words, with a command that shows it. */
export interface Capability {
  /** Stable id, `program.what` (`git.config-override`). */
  id: string;
  group: CauseGroup;
  effect: Effect;
  /**
   * The consequence, as a headline starts (lower case, no final stop): "arbitrary code can run",
   * "the remote branch's history can be overwritten".
   */
  consequence: string;
  /** The words that do it, as a person reads them (`-c core.fsmonitor=…`). */
  via: string;
  /** Why these words do that (shown in related information and the docs). */
  reason: string;
  /**
   * Commands that show it, the most telling first; `{P}` is the program as the rule spells it
   * (`/usr/bin/python3`, `.venv/bin/python`). POSIX shell text: words split at single spaces,
   * single quotes where a word needs them; no shell control outside quotes.
   */
  witnesses: readonly string[];
  /**
   * Words to append to a rule's own fixed words (those after the program) that do the same, when
   * they work wherever they stand (`make test` + `--eval=…`); undefined when they would not.
   */
  extend?: (fixed: readonly string[]) => string | undefined;
  /**
   * Inline code for an interpreter flag (`-c`, `-e`): a rule that fixes the flag and opens a quote
   * (`python -c '*`) is completed with this code on a new line, which every interpreter here accepts
   * after leading blanks.
   */
  inline?: { flags: readonly string[]; code: string };
  /** Commands that must also be allowed for the consequence to follow (`gh x` after `gh alias set`). */
  followUp?: readonly string[];
  /**
   * The project file the agent must write first for the witness to run its code (a makefile, a
   * test, package.json): how loud that is depends on whether the agent writes it without asking.
   */
  writes?: string;
  /** A milder consequence than its effect suggests (lost uncommitted work): information at most. */
  minor?: boolean;
  /**
   * Words whose presence in a command is this capability at work (a word equal to one, or starting
   * with one that ends in `=` or is a short flag glued to its value: `-c`, `-cx=y`), for judging an
   * observed command rather than a rule. Only where the words alone do it (git's `-c`).
   */
  marks?: readonly string[];
  /** Where the behaviour is documented (manual page, official docs, source). */
  source: string;
}

/** A program and everything it can do. */
export interface ProgramEntry {
  /** Base names it is invoked by (`python3`, `python`); versioned names (`python3.12`) are found through their stem. */
  names: readonly string[];
  capabilities: readonly Capability[];
  /**
   * Every invocation runs code the caller chooses, or can be made to by words added anywhere after
   * it: the program's job is to run what it is given (a shell, an interpreter, a runner, sudo), or
   * it takes a command as an option wherever it stands (find's -exec). Open arguments grant that.
   */
  anyArguments?: boolean;
}
