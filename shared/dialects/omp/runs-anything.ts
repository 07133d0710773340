import { matches } from '../../patterns/wildcard';
import { shellControl } from './shell-control';
import type { OmpRule } from './rules';

/**
 * For each program that can run arbitrary code, invocations that do so without any shell control
 * (so a matching allow really applies to them). A rule is flagged only when one of these, or one
 * of these followed by the pattern's own literal tail, matches it: the witness is the proof.
 */
export const ARBITRARY_CODE_INVOCATIONS: Readonly<Record<string, readonly string[]>> = {
  bash: ['bash -c id', 'bash ./payload.sh'],
  sh: ['sh -c id', 'sh ./payload.sh'],
  zsh: ['zsh -c id', 'zsh ./payload.sh'],
  dash: ['dash -c id'],
  ksh: ['ksh -c id'],
  fish: ['fish -c id'],
  python: ['python ./payload.py', 'python -c exit'],
  python3: ['python3 ./payload.py', 'python3 -c exit'],
  node: ['node ./payload.js', 'node -e 0'],
  deno: ['deno run -A ./payload.ts'],
  bun: ['bun ./payload.js'],
  ruby: ['ruby ./payload.rb', 'ruby -e 0'],
  perl: ['perl ./payload.pl', 'perl -e 0'],
  php: ['php ./payload.php'],
  env: ['env sh ./payload.sh'],
  xargs: ['xargs -a list sh ./payload.sh'],
  sudo: ['sudo sh ./payload.sh'],
  nohup: ['nohup sh ./payload.sh'],
  timeout: ['timeout 5 sh ./payload.sh'],
  nice: ['nice sh ./payload.sh'],
  eval: ['eval ./payload.sh'],
  exec: ['exec ./payload.sh'],
  find: ['find . -exec ./payload.sh {} +'],
  git: ['git -c core.fsmonitor=./payload.sh status'],
};

/**
 * A plain command that runs arbitrary code and that this allow rule applies to, or undefined.
 * @example runsAnythingWitness(rule('bash *')) // 'bash -c id'
 * @example runsAnythingWitness(rule('git * main')) // 'git -c core.fsmonitor=./payload.sh status main'
 */
export function runsAnythingWitness(rule: OmpRule): string | undefined {
  if (rule.native !== 'allow' || !rule.match.includes('*')) return undefined;
  const first = rule.match.split(' ')[0];
  const program = first === '*' ? undefined : first.slice(first.lastIndexOf('/') + 1);
  const candidates = program !== undefined ? (ARBITRARY_CODE_INVOCATIONS[program] ?? []) : [];
  const lastStar = rule.match.lastIndexOf('*');
  const tail = rule.match.slice(lastStar + 1);
  for (const c of candidates) {
    const full = program !== first ? first + c.slice(program!.length) : c;
    for (const cmd of [full, full + tail]) {
      if (matches(rule.matcher, cmd) && shellControl(cmd) === null) return cmd;
    }
  }
  return undefined;
}
