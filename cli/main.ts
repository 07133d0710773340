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

/** Commands that initialize a dialect themselves when they first meet one of its files. */
const INIT_ON_DEMAND = new Set(['check', 'eval']);

type Command = (argv: string[], io: Out) => Promise<number>;

/** Every subcommand; each lives in its own file under cli/commands/. */
export const COMMANDS: Record<string, { run: Command; usage: string }> = {
  check: { run: checkCommand, usage: 'check [PATH...] [--format text|json|sarif] [--max-warnings N] [--trace]' },
  eval: { run: evalCommand, usage: 'eval RULEFILE (--request JSON | --requests FILE) [--trace] [--format text|json]' },
  diff: { run: diffCommand, usage: 'diff RULEFILE --base GITREV|FILE [--max-newly-denied N] [--max-newly-allowed N] [--ledger FILE] [--format text|json|sarif]' },
  translate: { run: translateCommand, usage: 'translate RULEFILE --to claude [--format text|json]' },
  log: { run: logCommand, usage: 'log --action A --subject S --task T [--trust X] --capability C [--args-hash H] [--at ISO] [--ledger FILE] [--rules FILE] [--paths FILE]' },
  explain: { run: explainCommand, usage: 'explain N [--format text|json] [--ledger FILE] [--rules FILE]' },
  suggest: { run: suggestCommand, usage: 'suggest [--json] [--ledger FILE] | suggest RULEFILE --history PATH [--write] [--format text|json]' },
  replay: { run: replayCommand, usage: 'replay --rules NEXT [--max-newly-denied N] [--format text|json] [--ledger FILE] | replay RULEFILE --history PATH (--rules NEXT | --base GITREV) [--max-newly-denied N] [--max-newly-asked N] [--max-newly-allowed N] [--format text|json]' },
  import: { run: importCommand, usage: 'import HISTORY... [--rules RULEFILE | --dialect claude|opencode|omp] [--out FILE] [--since ISO] [--format text|json]' },
  rules: { run: rulesCommand, usage: 'rules set-profile balanced|strict [--rules FILE] | rules digest [--rules FILE]' },
};

export function usage(): string {
  return ['usage: rulelens <command> [options]', '', ...Object.values(COMMANDS).map((c) => `  rulelens ${c.usage}`)].join('\n');
}

/** Runs the CLI and returns its exit code: 0 ok, 1 findings/failures, 2 usage or I/O error. */
export async function main(argv: string[], io: Out = stdio): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(usage());
    return name ? 0 : 2;
  }
  if (name === '--version') {
    io.out('rulelens 0.1.0');
    return 0;
  }
  const cmd = COMMANDS[name];
  if (!cmd) {
    io.err(`unknown command "${name}"\n${usage()}`);
    return 2;
  }
  try {
    // check and eval set up only the dialects they meet (the shell parser's WebAssembly is not
    // loaded for a run without Claude Code files); the other commands get every dialect ready.
    if (!INIT_ON_DEMAND.has(name)) await initDialects();
    return await cmd.run(rest, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`rulelens ${name}: ${e.message}`);
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
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
