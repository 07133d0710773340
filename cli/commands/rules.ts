import * as fs from 'fs';
import * as path from 'path';
import { fileExists, readText } from '../../shared/host/node-fs';
import { ATTESSO, findUp, isProfile, PROFILES, profileText, rulesDigest } from '../../shared/dialects/bounds-rules';
import { ArgumentError, parse } from '../args';
import { meant } from '../did-you-mean';
import { UsageError, type Out } from '../io';

/** The rules file a `rules` subcommand works on: `--rules`, else the nearest one upward, else `./.attesso/rules.json`. */
function target(given: unknown): string {
  if (typeof given === 'string') return path.resolve(given);
  return findUp(process.cwd(), 'rules.json', fileExists) ?? path.resolve(ATTESSO, 'rules.json');
}

/**
 * `rulelens rules set-profile balanced|strict [--rules FILE]` writes a shipped profile, keeping
 * the previous file as `rules.json.bak`, and prints the new digest. `rulelens rules digest` prints
 * the current one. Exit 0, or 2 on usage or I/O errors.
 */
export async function rulesCommand(argv: string[], io: Out): Promise<number> {
  const { values, positionals } = parse(argv, { rules: { type: 'string' } });
  const [sub, ...rest] = positionals;
  const file = target(values.rules);
  const rel = path.relative(process.cwd(), file) || file;
  if (sub === 'digest') {
    const text = readText(file);
    if (text === undefined) throw new UsageError(`cannot read ${rel}`);
    io.out(rulesDigest(text));
    return 0;
  }
  if (sub !== 'set-profile') throw new ArgumentError(sub === undefined ? 'give a subcommand: set-profile or digest' : `unknown subcommand '${sub}'${meant(sub, ['set-profile', 'digest'])}`);
  if (rest.length !== 1 || !isProfile(rest[0])) throw new ArgumentError(`set-profile takes one of ${PROFILES.join(', ')}${rest.length === 1 ? meant(rest[0], PROFILES) : ''}`);
  const text = profileText(rest[0]);
  const previous = readText(file);
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    if (previous !== undefined) fs.writeFileSync(file + '.bak', previous);
    fs.writeFileSync(file, text);
  } catch (e) {
    throw new UsageError(`cannot write ${rel}: ${e instanceof Error ? e.message : String(e)}`);
  }
  io.out(`wrote ${rel} (profile ${rest[0]})${previous !== undefined ? `; the previous file is kept as ${rel}.bak` : ''}`);
  io.out(`digest ${rulesDigest(text)}`);
  return 0;
}
