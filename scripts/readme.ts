// Writes the README's generated sections (cli/readme.ts: the command table, the request shapes);
// `--check` only says whether they are current (exit 1 when stale), as test/cli/help-table.test.ts does.
import * as fs from 'fs';
import * as path from 'path';
import { renderReadme } from '../cli/readme';

const file = path.join(__dirname, '..', 'README.md');
const text = fs.readFileSync(file, 'utf8');
let next: string;
try {
  next = renderReadme(text);
} catch (e) {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(2);
}
if (process.argv.includes('--check')) {
  if (next !== text) {
    console.error('README.md: a generated section is stale; run npm run readme');
    process.exit(1);
  }
} else if (next !== text) {
  fs.writeFileSync(file, next);
  console.log('README.md: generated sections written');
}
