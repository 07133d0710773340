import type { SubCommand } from './sub-commands';
import { EVALUATORS, SAFE_ENV_VARS, SHELLS } from './sub-commands';
import { looseStarts, strictWrapperLength } from './wrappers';

/** The texts one sub-command is judged by. */
export interface CommandViews {
  /** What the trace shows: the command as the allow sees it. */
  subject: string;
  /** An allow must match one of these (the same command, as written and with quotes removed). */
  allowViews: string[];
  /** A deny or ask applies when it matches any of these (as written, stripped, past loose wrappers). */
  denyViews: string[];
  /** Why an allow cannot apply at all. */
  opaque: string[];
  /** The command past its unknown `VAR=value` prefixes (which an allow does not reach past), if any. */
  pastAssignments: { text: string; assignments: string[] } | null;
}

/**
 * The texts a sub-command is matched by. An allow sees the command with the agent's wrappers and
 * known-harmless `VAR=value` prefixes stripped; an unknown assignment stays in front, so an allow
 * does not reach past it. A deny/ask also sees the text as written, every assignment stripped,
 * and every suffix after a loose wrapper (`sudo`, `env`, `xargs -0`, `find -exec`).
 * @example commandViews(sub).allowViews // ['npm test'] for `timeout 5 npm test`
 */
export function commandViews(sc: SubCommand): CommandViews {
  const raws = sc.words.map((w) => w.raw);
  const values = sc.words.map((w) => w.value);
  const cut = strictWrapperLength(values);
  const unknownAssignments = sc.assignments.filter((a) => !SAFE_ENV_VARS.includes(a.name)).map((a) => a.raw);
  const withRedirects = (ws: string[]) => [...ws, ...sc.redirects].join(' ');
  // An allow is judged on the command alone: its output redirections are writes, checked as Edits.
  // As written too: `Bash(xargs cat:*)` approves `xargs cat` (observed), though a bare xargs is stripped.
  const allowViews = unique([
    [...unknownAssignments, ...raws.slice(cut)].join(' '),
    [...unknownAssignments, ...values.slice(cut)].join(' '),
    ...(cut > 0 ? [[...unknownAssignments, ...raws].join(' '), [...unknownAssignments, ...values].join(' ')] : []),
  ]);
  const all = sc.assignments.map((a) => a.raw);
  const denyViews = new Set<string>([
    ...allowViews,
    withRedirects([...all, ...raws]),
    withRedirects(raws),
    withRedirects(values.slice(cut)),
    raws.slice(cut).join(' '),
    values.slice(cut).join(' '),
  ]);
  const tail = values.slice(cut);
  const starts = looseStarts(tail);
  for (const s of starts) {
    denyViews.add(tail.slice(s).join(' '));
    denyViews.add(sc.words.slice(cut + s).map((w) => w.raw).join(' '));
  }
  // A deny sees through an absolute or relative program path (`/usr/bin/curl` is `curl`) and brace-expanded names;
  // past any wrapper but a bare `nice` (observed under `Bash(curl *)`: `nice /usr/bin/curl x` asks,
  // `nice -n 5 /usr/bin/curl x`, `timeout 5 /usr/bin/curl x` and `command /usr/bin/curl x` are denied).
  for (const s of [0, ...starts]) {
    const rest = tail.slice(s);
    const base = s === 0 && cut === 1 && values[0] === 'nice' ? undefined : programBase(rest[0]);
    if (base !== undefined) {
      denyViews.add([base, ...rest.slice(1)].join(' '));
      denyViews.add(withRedirects([base, ...rest.slice(1)]));
    }
    const braced = braceWords(rest[0]);
    if (braced) denyViews.add([...braced, ...rest.slice(1)].join(' '));
  }
  denyViews.delete('');
  const opaque = [...sc.opaque];
  if (braceWords(sc.words[0]?.raw)) opaque.push('the command name is a brace expansion');
  for (const s of [0, ...starts]) {
    const why = opaqueReason(tail.slice(s));
    if (why && !opaque.includes(why)) opaque.push(why);
  }
  const pastAssignments = unknownAssignments.length ? { text: withRedirects(values.slice(cut)), assignments: unknownAssignments } : null;
  return { subject: allowViews[0] || sc.text, allowViews, denyViews: [...denyViews], opaque, pastAssignments };
}

/** `curl` for `/usr/bin/curl` or `./bin/curl`; undefined for a plain name. */
function programBase(word: string | undefined): string | undefined {
  if (!word || !word.includes('/') || word.endsWith('/')) return undefined;
  return word.slice(word.lastIndexOf('/') + 1) || undefined;
}

/** `{rm,-rf,x}` as bash expands it in command position: `rm -rf x`. */
function braceWords(word: string | undefined): string[] | undefined {
  const m = word ? /^\{([^{},]*,[^{}]*)\}$/.exec(word) : null;
  return m ? m[1].split(',') : undefined;
}

/** Why a word list runs code the engine cannot see (`bash -c …`, `eval …`), if it does. */
function opaqueReason(words: string[]): string | undefined {
  if (words.length === 0) return undefined;
  const name = words[0].split('/').pop() ?? words[0];
  if (EVALUATORS.includes(name) && words.length > 1) return `\`${name}\` runs text as shell code the engine cannot see`;
  if (SHELLS.includes(name) && words.slice(1).some((w) => /^-[A-Zabd-z]*c[A-Za-z]*$/.test(w) || w === '--command')) {
    return `\`${name} -c\` runs a string as a script the engine cannot see`;
  }
  return undefined;
}

function unique(xs: string[]): string[] {
  return [...new Set(xs)].filter((x) => x !== '');
}
