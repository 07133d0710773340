import type { Deadline } from '../../analysis/budget';
import { changedRules } from '../../diff/candidates';
import type { Flip } from '../../diff/flips';
import { realisticArgv, REALISTIC_WORDS } from '../../diff/realistic';
import { sliced, type Candidate, type SearchArea, type SearchSpec } from '../../diff/search';
import type { EvalContext, Verdict } from '../../model';
import { evaluateCodex } from './evaluate';
import { shlexJoin } from './shlex';
import type { CodexRequest, CodexRule, CodexRuleSet } from './types';

/**
 * Change impact for Codex: commands decided differently by two versions of a rules file (or of
 * the folder's policy), each confirmed by `evaluateCodex` under both. Every matching rule counts
 * and the strictest wins, so only a rule one version has and the other lacks can change a
 * decision; and a prefix rule tells commands apart only by the words at its positions, so walking
 * the words the rules name — each of them, or one word none of them names, or the end of the
 * command — meets every class of commands the rules tell apart. Each class is tried first with a
 * realistic command of that class (`git push origin main`).
 */

/** A rule as both versions compare it: its words, its decision and the file it is in. */
const ruleKey = (r: CodexRule) => JSON.stringify([r.pattern.map((t) => t.alts), r.native, (r as { file?: string }).file ?? null, r.layer ?? null]);

/** Commands one program's walk may list before it stops (the rest is reported as not searched). */
export const MAX_COMMANDS_PER_PROGRAM = 4_000;
/** Commands of the first classes joined in a `bash -lc` script (Codex splits it and the strictest part wins). */
const SCRIPT_PARTS = 3;
/** Commands of a program tried again with its absolute path. */
const ABSOLUTE_FORMS = 4;

/** Whether anything but the rules differs (host executables, code Codex runs that RuleLens does not model, a load error). */
function settingsDiffer(a: CodexRuleSet, b: CodexRuleSet): boolean {
  const view = (rs: CodexRuleSet) => JSON.stringify([[...rs.hostExecutables.values()].map((h) => [h.name, h.paths]), rs.unmodelled.length > 0, rs.loadErrors > 0, (rs as { rejectedBy?: unknown }).rejectedBy !== undefined]);
  return view(a) !== view(b);
}

/**
 * The commands of one program's rules: for each position, every word a live rule names there, one
 * word none names, or the end. A class whose rules are all matched is completed with a realistic
 * tail (`git push` → `git push origin main`) before its plain form.
 * @example [...programCommands('git', rules)].map((c) => c.join(' ')) // ['git push origin main', 'git status', 'git', …]
 */
export function* programCommands(program: string, rules: readonly CodexRule[], deadline: Deadline): Generator<string[]> {
  const tails = realisticArgv(program);
  let count = 0;
  function* walk(prefix: string[], live: readonly CodexRule[]): Generator<string[]> {
    deadline.check();
    if (++count > MAX_COMMANDS_PER_PROGRAM) throw new RangeError(program);
    const depth = prefix.length;
    const longer = live.filter((r) => r.pattern.length > depth);
    if (longer.length === 0) {
      // Past every live rule's words, more words change nothing: a realistic ending reads better.
      const rest = tails.find((t) => prefix.slice(1).every((w, i) => t[i] === w) && t.length >= depth);
      if (rest && rest.length > depth - 1) yield [...prefix, ...rest.slice(depth - 1)];
      yield prefix;
      return;
    }
    // The unnamed word first (it is the realistic one), then each named word, then the end here:
    // a class's first command is the one its witness shows.
    const named = [...new Set(longer.flatMap((r) => r.pattern[depth].alts))];
    const fresh = freshWord(tails, prefix, named);
    yield* walk([...prefix, fresh], live.filter((r) => r.pattern.length <= depth));
    for (const w of named) yield* walk([...prefix, w], live.filter((r) => r.pattern.length <= depth || r.pattern[depth].alts.includes(w)));
    yield prefix;
  }
  yield* walk([program], rules);
}

/** A word no rule names at this position: the realistic one that follows the prefix, else a stand-in. */
function freshWord(tails: readonly string[][], prefix: readonly string[], named: readonly string[]): string {
  const depth = prefix.length;
  for (const t of tails) if (t.length >= depth && prefix.slice(1).every((w, i) => t[i] === w) && !named.includes(t[depth - 1])) return t[depth - 1];
  return [...REALISTIC_WORDS, 'other'].find((w) => !named.includes(w)) ?? `${named.join('')}x`;
}

/**
 * The search of two Codex rule sets: each program a changed rule names, walked over the words of
 * every rule for it in both versions; absolute program paths where a `host_executable` may map them.
 * @example runSlices(searchSlices(codexSearchSpec(base, current, [], new Deadline(), {}))).flips[0].request // 'git push origin main'
 */
export function codexSearchSpec(base: CodexRuleSet, current: CodexRuleSet, known: readonly Flip[], deadline: Deadline, ctx: EvalContext): SearchSpec<CodexRuleSet, CodexRequest> {
  const all = [...base.rules, ...current.rules];
  const ch = changedRules(base.rules, current.rules, ruleKey);
  const broad = settingsDiffer(base, current);
  const changed = broad ? all : [...ch.base, ...ch.current];
  const programs = [...new Set(changed.map((r) => r.program))];
  const unsearched: string[] = [];
  const firsts: string[][] = [];
  const areas: SearchArea<CodexRequest>[] = programs.map((p) => ({
    name: `commands of ${p}`,
    candidates: function* (): Generator<Candidate<CodexRequest>> {
      const rules = all.filter((r) => r.program === p || r.program === baseName(p));
      try {
        for (const argv of programCommands(p, rules, deadline)) {
          if (firsts.length < SCRIPT_PARTS && argv.length > 1) firsts.push(argv);
          yield { request: { command: argv }, group: 'command' };
        }
      } catch (e) {
        if (!(e instanceof RangeError)) throw e;
        unsearched.push(`commands of ${p}: more than ${MAX_COMMANDS_PER_PROGRAM} classes of commands; the rest were not tried`);
      }
      // A program given by its absolute path is decided by the bare name's rules, unless a
      // `host_executable` says otherwise.
      const paths = new Set([`/usr/bin/${p}`, ...[base, current].flatMap((rs) => rs.hostExecutables.get(p)?.paths ?? [])]);
      if (!p.startsWith('/')) for (const abs of paths) for (const argv of take(programCommands(p, rules, deadline), ABSOLUTE_FORMS)) yield { request: { command: [abs, ...argv.slice(1)] }, group: 'command' };
    },
  }));
  areas.push({
    name: 'bash -lc scripts',
    candidates: function* () {
      if (firsts.length >= 2) yield { request: { command: ['bash', '-lc', firsts.map((a) => shlexJoin(a)).join(' && ')] }, group: 'command' };
    },
  });
  const decide = (q: CodexRequest): [Verdict, Verdict] => [evaluateCodex(base, q, ctx), evaluateCodex(current, q, ctx)];
  return { base, current, areas, decide, describe: (q) => shlexJoin(q.command), subject: (q) => shlexJoin(q.command), known, deadline, unsearched };
}

function take<T>(it: Iterable<T>, n: number): T[] {
  const out: T[] = [];
  for (const x of it) {
    if (out.length >= n) break;
    out.push(x);
  }
  return out;
}

function baseName(p: string): string {
  return p.slice(p.lastIndexOf('/') + 1);
}

/**
 * Codex's witness search (`Dialect.witnesses`), in slices or run to its end.
 * @example codexWitnesses.flips(base, current, []).flips[0] // { request: 'git push origin main', before: 'ask', after: 'allow', … }
 */
export const codexWitnesses = sliced(codexSearchSpec);
