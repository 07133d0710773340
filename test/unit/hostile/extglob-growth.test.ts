import * as assert from 'assert';
import * as fs from 'fs';
import { initDialects } from '../../../shared/dialects';
import { compareCpu, GROWTH_FACTOR, SPREAD } from '../../helpers/cpu-ratio';
import { CASES, CLI_ENTRY_POINTS, openService, PATTERN_SHAPES, SERVICE_ENTRY_POINTS, write, type EntryInput, type HostileCase } from './entry-points';
import { main } from '../../../cli/main';

/**
 * Commands of thousands of unquoted `?` (the shell grammar's extglob lookahead is quadratic in
 * them) through every entry point of the shell dialects: the cost grows linearly with the command,
 * `GROWTH_FACTOR`× at most for `SPREAD`× the text, up to 100 kB.
 */

const CHARS = 100_000;
const QUIET = { out: () => undefined, err: () => undefined };

/** Claude Bash and Gemini as the shared cases have them; Codex with the command as a `bash -lc` script. */
const SHELL_CASES: HostileCase[] = [
  CASES.find((c) => c.id === 'claude Bash')!,
  { ...CASES.find((c) => c.id === 'codex')!, id: 'codex bash -lc', request: (s) => ({ command: ['bash', '-lc', s] }) },
  CASES.find((c) => c.id === 'gemini')!,
];

const ENTRY_POINTS: ReadonlyArray<{ name: string; run(x: EntryInput, pattern: string): Promise<unknown> }> = [
  ...CLI_ENTRY_POINTS.map((e) => ({ name: `rulelens ${e.name}`, run: (x: EntryInput) => e.run(x) })),
  { name: 'rulelens eval --request --trace', run: ({ c, w, subject }) => main(['eval', w.rules, '--request', JSON.stringify(c.request(subject)), '--trace'], QUIET) },
  ...SERVICE_ENTRY_POINTS.map((e) => ({ name: e.name, run: async (x: EntryInput, pattern: string) => e.run(await openService(x, pattern)) })),
];

describe('hostile input: commands of many `?` grow linearly through every entry point (CPU ratios)', function () {
  this.timeout(60_000);
  before(() => initDialects());

  for (const c of SHELL_CASES) {
    it(`${c.id}: ${GROWTH_FACTOR}× at most for ${SPREAD}× a command of \`a?a?…\` (to ${CHARS / 1000} kB)`, async () => {
      const pattern = PATTERN_SHAPES[0].of(1);
      const big = 'a?'.repeat(CHARS / 2);
      const small = 'a?'.repeat(CHARS / 2 / SPREAD);
      const wb = write(c, pattern, big);
      const ws = write(c, pattern, small);
      try {
        const lines: string[] = [];
        let ok = true;
        for (const e of ENTRY_POINTS) {
          const r = await compareCpu(`${e.name}: ${big.length} vs ${small.length} chars`, () => e.run({ c, w: ws, subject: small }, pattern), () => e.run({ c, w: wb, subject: big }, pattern), GROWTH_FACTOR);
          ok &&= r.ok;
          lines.push(r.text);
        }
        if (process.env.HOSTILE_VERBOSE) console.log(`${c.id}:\n  ${lines.join('\n  ')}`);
        assert.ok(ok, `${c.id}:\n  ${lines.join('\n  ')}`);
      } finally {
        for (const w of [wb, ws]) fs.rmSync(w.dir, { recursive: true, force: true });
      }
    });
  }
});
