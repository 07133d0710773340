// Loaded by the extension host through extensionTestsPath: it must export run().
import * as fs from 'fs';
import * as path from 'path';
import { freshFixtures } from './fresh';

/** Suites that run before all others, in this order. */
const FIRST = ['fresh-window.test.js'];

export async function run(): Promise<void> {
  // mocha is an ES module; import() keeps this file CommonJS, which the extension host requires.
  const { default: Mocha } = (await import('mocha')) as unknown as { default: typeof import('mocha') };
  const mocha = new Mocha({
    ui: 'tdd',
    color: false,
    timeout: 60000,
    reporter: 'spec',
    rootHooks: {
      async beforeEach() {
        const restored = await freshFixtures();
        if (restored.length) console.log(`      (fixtures restored: ${restored.join(', ')})`);
      },
    },
  });
  const only = process.env.RULELENS_E2E_GREP;
  if (only) mocha.grep(only);
  // The fresh-window suite must see a window in which nothing was opened yet; the rest run sorted.
  const rank = (f: string) => (FIRST.includes(f) ? FIRST.indexOf(f) : FIRST.length);
  const files = fs.readdirSync(__dirname).filter((f) => f.endsWith('.test.js')).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  for (const f of files) mocha.addFile(path.join(__dirname, f));
  await mocha.loadFilesAsync();
  const failures = await new Promise<number>((resolve) => mocha.run(resolve));
  if (failures > 0) throw new Error(`${failures} tests failed.`);
}
