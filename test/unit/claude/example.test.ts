import { SHARED_EXAMPLES } from '../../helpers/examples';
import { strict as assert } from 'assert';
import { readFileSync } from 'fs';
import { join } from 'path';
import { claude, initShellParser } from '../../../shared/dialects/claude';
import { parseRequestsFile } from '../../../shared/requests/parse';
import { runRequests } from '../../../shared/requests/run';

const EXAMPLE = join(SHARED_EXAMPLES, 'claude/.claude');

describe('claude: the shipped example', () => {
  before(() => initShellParser());

  it('parses without findings and orders rules deny, ask, allow', () => {
    const path = join(EXAMPLE, 'settings.json');
    const rs = claude.parse({ path, text: readFileSync(path, 'utf8') });
    assert.deepEqual(rs.findings, []);
    assert.deepEqual(rs.rules.map((r) => r.label), [
      'Read(./.env) deny', 'Read(./secrets/**) deny', 'Bash(rm -rf *) deny',
      'Bash(git push *) ask',
      'Bash(npm run test *) allow', 'Bash(git status) allow', 'Edit(docs/**) allow',
    ]);
    assert.equal(rs.root, join(EXAMPLE, '..'));
  });

  it('meets every expectation in settings.requests.json', () => {
    const path = join(EXAMPLE, 'settings.json');
    const rs = claude.parse({ path, text: readFileSync(path, 'utf8') });
    const reqPath = join(EXAMPLE, 'settings.requests.json');
    const file = parseRequestsFile(reqPath, readFileSync(reqPath, 'utf8'), claude);
    assert.equal(file.requests.length, 5);
    const results = runRequests(claude, rs, file, {});
    for (const r of results) assert.equal(r.pass, true, `${r.request.name}: ${r.mismatches.join('; ')} ${r.error ?? ''}`);
  });
});
