// Runs the mocha suite inside the real (Node) extension host of the VS Code server: the workbench
// URL's payload names the extension under development and the compiled test index.
// usage: node run-ext-tests.mjs BASE_URL WORKSPACE DEV_PATH TESTS_INDEX [SCREENSHOT]
import util from 'node:util';
import { launch, remoteAuthority } from './browser.mjs';

const [, , base, folder, devPath, testsPath, shot] = process.argv;
const authority = await remoteAuthority(base, folder);
const remote = (p) => `vscode-remote://${authority}${p}`;
const payload = JSON.stringify([
  ['extensionDevelopmentPath', remote(devPath)],
  ['extensionTestsPath', remote(testsPath)],
  ['skipWelcome', 'true'],
]);
const url = `${base}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(payload)}`;
const t0 = Date.now();
const { browser, page } = await launch();
let done;
const exited = new Promise((r) => (done = r));
let passed = 0, failed = 0;
// Workbench chatter that says nothing about the tests.
const NOISE = /^(?:Ignoring fetching additional builtin|Creating a socket|Resolving connection token|Resolved connection token|\[Service Worker\]|ChatSessionStore|Updating additional builtin)/;
await page.exposeFunction('codeAutomationLog', (type, args) => {
  const line = util.format(...args);
  if (NOISE.test(line)) return;
  let m;
  if ((m = line.match(/^\s*(\d+) passing/))) passed = +m[1];
  if ((m = line.match(/^\s*(\d+) failing/))) failed = +m[1];
  console.log(line.replace(/\n$/, ''));
});
await page.exposeFunction('codeAutomationExit', async (code) => done(code));
await page.goto(url);
const timeoutMs = +(process.env.TEST_TIMEOUT_MS || 180000);
const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), timeoutMs))]);
if (shot) await page.screenshot({ path: shot }).catch(() => {});
console.log(`extension-host tests finished: exit=${code} after ${((Date.now() - t0) / 1000).toFixed(1)}s`);
if (code !== 0 && failed === 0) failed = 1; // a crash, a timeout, or run() throwing outside mocha
console.log(`${passed} passed, ${failed} failed`);
await browser.close();
process.exit(code === 0 ? 0 : 1);
