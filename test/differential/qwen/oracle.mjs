// Qwen Code's own permission layer as an oracle, in one long-lived process. argv: the installed
// package folder (…/node_modules/@qwen-code/qwen-code) and the project folder calls are judged in.
// Reads one JSON case per line ({allow, ask, deny, calls: [PermissionCheckContext]}), writes one
// line '@@RESULT {results: [{relevant, l4, l3}]}'. `PermissionManager` is module-local in the
// published bundle: the loader copies its chunk inside the installed package (so its relative
// imports resolve) with one export line added, and fails loudly if the names are gone.
import { copyFileSync, appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

const pkg = process.argv[2];
const root = process.argv[3];
const CHUNK = 'chunk-DPEB6S2R.js';
const NAMES = ['PermissionManager', 'ShellToolInvocation'];
const copy = join(pkg, 'chunks', '__rulelens_oracle.js');
if (!existsSync(copy)) {
  const text = readFileSync(join(pkg, 'chunks', CHUNK), 'utf8');
  for (const n of NAMES) if (!text.includes(`var ${n} = class`)) throw new Error(`oracle: ${n} not found in ${CHUNK}; the package changed`);
  copyFileSync(join(pkg, 'chunks', CHUNK), copy);
  appendFileSync(copy, '\nexport { PermissionManager as __PermissionManager, ShellToolInvocation as __ShellToolInvocation };\n');
}
console.log = () => {};
console.debug = () => {};
console.info = () => {};
console.warn = () => {};
const core = await import(pathToFileURL(copy).href);
const out = process.stdout;

const rl = createInterface({ input: process.stdin });
for await (const line of rl) {
  if (!line.trim()) continue;
  let reply;
  try {
    const c = JSON.parse(line);
    const cfg = { getPermissionsAllow: () => c.allow, getPermissionsAsk: () => c.ask, getPermissionsDeny: () => c.deny, getProjectRoot: () => root, getCwd: () => root, getTargetDir: () => root, getApprovalMode: () => 'default', getShellExecutionSandbox: () => undefined, isTrustedFolder: () => true };
    const pm = new core.__PermissionManager(cfg);
    pm.initialize();
    const results = [];
    for (const ctx of c.calls) {
      const relevant = pm.hasRelevantRules(ctx);
      const l4 = await pm.evaluate(ctx);
      const l3 = ctx.toolName === 'run_shell_command' ? await core.__ShellToolInvocation.prototype.getDefaultPermission.call({ config: cfg, params: { command: ctx.command } }) : null;
      results.push({ relevant, l4, l3 });
    }
    reply = { results };
  } catch (e) {
    reply = { crash: String(e?.stack ?? e) };
  }
  out.write(`@@RESULT ${JSON.stringify(reply)}\n`);
}
