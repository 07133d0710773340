import { strict as assert } from 'assert';
import { readFileSync } from 'fs';
import { join } from 'path';
import type { PathFs } from '../../../shared/model';
import { claude, initShellParser } from '../../../shared/dialects/claude';
import { nodePathFs } from '../../../shared/host/node-fs';
import { parseRequestsFile } from '../../../shared/requests/parse';
import { runRequests } from '../../../shared/requests/run';
import { SHARED_EXAMPLES } from '../../helpers/examples';

/** A file system where nothing under `root` exists (a checkout without the project's files). */
function absentUnder(root: string): PathFs {
  return { realpath: (p) => (p === root || p.startsWith(root + '/') ? undefined : nodePathFs.realpath(p)) };
}

/** A file system where every path exists as itself. */
const EVERYTHING: PathFs = { realpath: (p) => p };

describe('claude: stored requests decide the same whether or not their files exist', () => {
  before(() => initShellParser());
  for (const dir of [join(SHARED_EXAMPLES, 'claude/.claude'), join(__dirname, '../../../examples/claude/.claude')]) {
    it(dir.slice(dir.lastIndexOf('/examples/') + 1), () => {
      const path = join(dir, 'settings.json');
      const rs = claude.parse({ path, text: readFileSync(path, 'utf8') });
      const reqPath = join(dir, 'settings.requests.json');
      const file = parseRequestsFile(reqPath, readFileSync(reqPath, 'utf8'), claude);
      const decisions = (fs: PathFs | undefined) => runRequests(claude, rs, file, { home: '/home/u', fs }).map((r) => `${r.request.name}: ${r.verdict?.decision}`);
      const real = decisions(nodePathFs);
      assert.deepEqual(decisions(absentUnder(rs.root)), real);
      assert.deepEqual(decisions(EVERYTHING), real);
      assert.deepEqual(decisions(undefined), real);
    });
  }
});
