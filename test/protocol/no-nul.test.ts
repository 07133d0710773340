import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { ensureBuilt } from '../cli/helpers';
import { LspClient, ROOT } from './lsp-client';

// Emacs's jsonrpc rejects a message with a NUL character in it, escaped or not: one NUL in a
// diagnostic's data dropped every diagnostic of the file there. Each example that publishes a
// once-per-folder note is opened, and everything the server published must be NUL-free.
const CASES: Array<[file: string, languageId: string, code: string]> = [
  ['gemini/.gemini/policies/policy.toml', 'toml', 'gemini-workspace-tier'],
  ['codex/.codex/rules/default.rules', 'starlark', 'codex-project-layer'],
  ['claude/.claude/settings.json', 'json', 'deny-narrower-than-it-looks'],
  ['omp/config.json', 'json', 'shadowed-deny'],
];

describe('the language server publishes what every client can read', function () {
  this.timeout(60_000);
  before(() => ensureBuilt());

  for (const [file, languageId, code] of CASES) {
    it(`${file}: no NUL character in any message`, async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-nul-'));
      fs.cpSync(path.join(ROOT, 'examples'), dir, { recursive: true });
      const uri = pathToFileURL(path.join(dir, file)).href;
      const client = new LspClient();
      try {
        await client.initialize(pathToFileURL(path.dirname(path.join(dir, file))).href);
        await client.open(uri, fs.readFileSync(path.join(dir, file), 'utf8'), languageId);
        await client.until(() => (client.diagnostics.get(uri)?.diagnostics ?? []).some((d) => d.code === code), 30_000, code);
        // JSON.stringify writes a NUL as the six characters \u0000, as the server's wire does.
        const wire = JSON.stringify(client.published);
        const at = wire.indexOf('\\u0000');
        assert.ok(at < 0, `a NUL in: ${wire.slice(Math.max(0, at - 80), at + 40)}`);
      } finally {
        await client.stop();
      }
    });
  }
});
