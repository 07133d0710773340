import { DIALECTS } from '../shared/dialects';
import { DIALECT_IDS, HELP, TARGET_IDS, type CommandHelp } from './help';

/** A section of README.md written from the code, between its two markers. */
export interface ReadmeSection {
  begin: string;
  end: string;
  text(): string;
}

const cell = (s: string) => s.replace(/\|/g, '\\|');

/**
 * Every form of every command, then one row per command with what it does, its exit codes and an
 * example: the table `--help` prints.
 * @example readmeCliSection().startsWith('```sh\nrulelens check')
 */
export function readmeCliSection(): string {
  const names = Object.keys(HELP);
  const forms = names.flatMap((n) => HELP[n].usage.map((u) => `rulelens ${u}`));
  const code = (h: CommandHelp, c: number) => cell(h.exit.find((e) => e.code === c)?.when ?? '—');
  return [
    '```sh',
    ...forms,
    'rulelens COMMAND --help     # its options, exit codes and an example',
    '```',
    '',
    `\`--dialect ID\` is one of ${DIALECT_IDS.split(', ').map((id) => `\`${id}\``).join(', ')}; \`translate --to\` takes ${TARGET_IDS.map((id) => `\`${id}\``).join(', ')}.`,
    '',
    '| command | what it does | exit 0 | exit 1 | exit 2 | example |',
    '|---|---|---|---|---|---|',
    ...names.map((n) => {
      const h = HELP[n];
      return `| \`${n}\` | ${cell(h.summary)} | ${code(h, 0)} | ${code(h, 1)} | ${code(h, 2)} | \`${cell(h.examples[0])}\` |`;
    }),
  ].join('\n');
}

/**
 * One row per dialect: the fields its stored requests take and a request to start from (the one
 * the editor's Evaluate Request offers), so every dialect's shape is in one place.
 * @example readmeRequestSection().includes('`claude`')
 */
export function readmeRequestSection(): string {
  return [
    '| dialect | agent | request fields | a request |',
    '|---|---|---|---|',
    ...DIALECTS.map((d) => {
      const t = d.vocabulary?.requestInput?.template;
      return `| \`${d.id}\` | ${cell(d.title)} | ${d.requestFields.map((f) => `\`${f}\``).join(', ')} | ${t === undefined ? '—' : `\`${cell(JSON.stringify(t))}\``} |`;
    }),
  ].join('\n');
}

const marker = (name: string, what: string) => `<!-- ${name}:begin (generated from ${what} by \`npm run readme\`; a test checks it) -->`;

/** The README's generated sections. */
export const README_SECTIONS: readonly ReadmeSection[] = [
  { begin: marker('cli', 'cli/help.ts'), end: '<!-- cli:end -->', text: readmeCliSection },
  { begin: marker('requests', 'each dialect\'s request fields and template'), end: '<!-- requests:end -->', text: readmeRequestSection },
];

/**
 * README text with every generated section written anew; an error names a missing marker.
 * @example renderReadme(text) === text // the README is current
 */
export function renderReadme(text: string): string {
  let out = text;
  for (const s of README_SECTIONS) {
    const start = out.indexOf(s.begin);
    const end = out.indexOf(s.end);
    if (start < 0 || end < start) throw new Error(`README.md: no ${s.begin} … ${s.end} section`);
    out = `${out.slice(0, start + s.begin.length)}\n${s.text()}\n${out.slice(end)}`;
  }
  return out;
}
