// For people with a desktop VS Code: runs the same in-host suite in a VS Code that
// @vscode/test-electron downloads (or the one named by VSCODE_EXECUTABLE). CI does not use this:
// it needs a download that these machines cannot make; CI runs test/e2e/run.sh instead.
//
//   node test/e2e/build.mjs && npx tsx test/e2e/electron-runner.ts
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runTests } from '@vscode/test-electron';

async function main(): Promise<void> {
  const root = path.resolve(__dirname, '..', '..');
  const tests = path.join(root, '.e2e', 'tests', 'index');
  if (!fs.existsSync(`${tests}.js`)) throw new Error('compile the tests first: node test/e2e/build.mjs');
  // The tests save into their workspace: give them a copy.
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'rulelens-e2e-'));
  fs.cpSync(path.join(root, 'test', 'e2e', 'workspace'), workspace, { recursive: true });
  try {
    await runTests({
      extensionDevelopmentPath: root,
      extensionTestsPath: tests,
      vscodeExecutablePath: process.env.VSCODE_EXECUTABLE || undefined,
      version: process.env.VSCODE_VERSION || '1.100.3',
      launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust', '--skip-welcome'],
      extensionTestsEnv: { RULELENS_E2E_DEV: root, RULELENS_E2E_FIXTURES: path.join(root, 'test', 'e2e', 'workspace') },
    });
  } finally {
    fs.rmSync(workspace, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
