import { initDialects } from '../shared/dialects';
import { checkCommand } from './commands/check';
import { evalCommand } from './commands/eval';
import { diffCommand } from './commands/diff';
import { translateCommand } from './commands/translate';
import { logCommand } from './commands/log';
import { explainCommand } from './commands/explain';
import { suggestCommand } from './commands/suggest';
import { replayCommand } from './commands/replay';
import { rulesCommand } from './commands/rules';
import { importCommand } from './commands/import';
import { stdio, UsageError, type Out } from './io';

import { ArgumentError } from './args';
import { commandHelp, HELP, usageLines, wantsHelp } from './help';
import { meant } from './did-you-mean';
import { ciCommand } from './commands/ci';
import { lspCommand } from './commands/lsp';
import { version } from '../package.json';

/** Commands that initialize a dialect themselves when they first meet one of its files (lsp: the server does). */
const INIT_ON_DEMAND = new Set(['check', 'eval', 'lsp']);

type Command = (argv: string[], io: Out) => Promise<number>;

/** Every subcommand; each lives in its own file under cli/commands/, its help in cli/help.ts. */
export const COMMANDS: Record<string, { run: Command; usage: string }> = Object.fromEntries(
  (
    [
      ['check', checkCommand],
      ['eval', evalCommand],
      ['diff', diffCommand],
      ['ci', ciCommand],
      ['translate', translateCommand],
      ['log', logCommand],
      ['explain', explainCommand],
      ['suggest', suggestCommand],
      ['replay', replayCommand],
      ['import', importCommand],
      ['rules', rulesCommand],
      ['lsp', lspCommand],
    ] as const
  ).map(([name, run]) => [name, { run, usage: usageLines(name).join('\n') }]),
);

export const VERSION = `rulelens ${version}`;

export function usage(): string {
  return [
    'usage: rulelens <command> [options]',
    '',
    ...Object.keys(HELP).flatMap((name) => HELP[name].usage.map((u) => `  rulelens ${u}`)),
    '  rulelens COMMAND --help · rulelens help COMMAND   (options, exit codes and an example)',
  ].join('\n');
}

/** `unknown command 'chek'; did you mean 'check'?` */
function unknownCommand(name: string): string {
  return `unknown command '${name}'${meant(name, Object.keys(HELP))}\n(rulelens --help lists the commands)`;
}

/** Runs the CLI and returns its exit code: 0 ok, 1 findings/failures, 2 usage or I/O error. */
export async function main(argv: string[], io: Out = stdio): Promise<number> {
  const [name, ...rest] = argv;
  if (!name) {
    io.err(usage());
    return 2;
  }
  if (name === '--help' || name === '-h' || (name === 'help' && !wantsHelp(rest))) {
    const topic = name === 'help' ? rest[0] : undefined;
    if (topic !== undefined && !HELP[topic]) {
      io.err(unknownCommand(topic));
      return 2;
    }
    io.out(topic ? commandHelp(topic) : usage());
    return 0;
  }
  if (name === '--version' || name === '-v' || (name === 'version' && !wantsHelp(rest))) {
    io.out(VERSION);
    return 0;
  }
  if ((name === 'help' || name === 'version') && wantsHelp(rest)) {
    io.out(commandHelp(name));
    return 0;
  }
  const cmd = COMMANDS[name];
  if (!cmd) {
    io.err(unknownCommand(name));
    return 2;
  }
  if (wantsHelp(rest)) {
    io.out(commandHelp(name));
    return 0;
  }
  try {
    // check and eval set up only the dialects they meet (the shell parser's WebAssembly is not
    // loaded for a run without Claude Code files); the other commands get every dialect ready.
    if (!INIT_ON_DEMAND.has(name)) await initDialects();
    return await cmd.run(rest, io);
  } catch (e) {
    if (e instanceof UsageError) {
      // A mistake in the arguments repeats how the command is used; a missing file does not.
      io.err(e instanceof ArgumentError ? `rulelens ${name}: ${e.message}\n${cmd.usage}\n(rulelens ${name} --help for details)` : `rulelens ${name}: ${e.message}`);
      return 2;
    }
    io.err(`rulelens ${name}: internal error: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
    return 2;
  }
}

/** A reader that stops early (`rulelens … | head`) is not an error: stop writing quietly. */
export function ignoreBrokenPipes(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw e;
    });
  }
}

if (require.main === module) {
  ignoreBrokenPipes();
  void main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
