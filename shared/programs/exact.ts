import { capitalize, clipText, MAX_HEADLINE } from '../model';
import { programNamed } from './catalog';

/** Arguments tried after an exact command, when the knowledge base has nothing more telling. */
const PLAIN_ARGUMENTS: readonly string[] = ['x', '-f x', '--version'];

/**
 * The same command with arguments, for `exact-command-pattern`: the knowledge base's witnesses that
 * start with it (`git push` → `git push --force origin main`), then plain arguments. Never the
 * exact command itself.
 * @example broaderCommands('git push')[0] // 'git push --force origin main'
 * @example broaderCommands('yarn') // ['yarn x', 'yarn -f x', 'yarn --version']
 */
export function broaderCommands(exact: string): string[] {
  const words = exact.split(' ');
  const base = words[0].slice(words[0].lastIndexOf('/') + 1);
  const known = (programNamed(base)?.capabilities ?? [])
    .flatMap((c) => c.witnesses.map((w) => w.split('{P}').join(words[0])))
    .filter((w) => w.startsWith(`${exact} `) && !/['"\n]/.test(w));
  return [...new Set([...known, ...PLAIN_ARGUMENTS.map((a) => `${exact} ${a}`)])];
}

/** How a headline says a decision happens. */
const BECOMES: Readonly<Record<string, string>> = { allow: 'is allowed', ask: 'is asked', deny: 'is denied' };

/**
 * The `exact-command-pattern` headline: what the broader command becomes first, then why.
 * @example exactHeadline('git push origin main', 'allow', 'deny', '"Bash(git push)"', '"Bash(git push *)"') // '`git push origin main` is allowed: "Bash(git push)" denies only the bare command; write "Bash(git push *)"'
 */
export function exactHeadline(witness: string, got: string, effect: string, label: string, suggestion?: string): string {
  const only = effect === 'deny' ? 'denies' : effect === 'allow' ? 'allows' : 'asks for';
  const still = effect === 'allow' && got === 'ask' ? 'still asks' : `${BECOMES[got] ?? got}${effect === 'deny' && got === 'ask' ? ', not denied' : ''}`;
  const fix = suggestion ? `; write ${suggestion}` : '';
  return clipText(`${capitalize(`\`${clipText(witness, 48)}\``)} ${still}: ${clipText(label, 40)} ${only} only the bare command${fix}`, MAX_HEADLINE);
}
