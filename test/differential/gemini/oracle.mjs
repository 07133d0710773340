// Gemini CLI's own policy engine as an oracle, in one long-lived process. Reads one JSON case per
// line on stdin ({toml, calls: [{command, mode, interactive}]}), writes one JSON line per case:
// '@@RESULT {decisions: [...], errors: [...]}' (the engine logs its own lines to stdout too). The policy file is loaded as the user tier, together with the
// built-in default policies, by the core's own loader — as the CLI does.
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

const core = process.argv[2];
// The engine's debug log goes to stdout; only our result lines belong there.
console.debug = () => {};
console.log = () => {};
const home = mkdtempSync(join(tmpdir(), 'rulelens-gemini-oracle-'));
process.env.GEMINI_CLI_HOME = home;
const load = (p) => import(pathToFileURL(join(core, 'dist/src', p)).href);
const { createPolicyEngineConfig } = await load('policy/config.js');
const { PolicyEngine } = await load('policy/policy-engine.js');
const { NoopSandboxManager } = await load('services/sandboxManager.js');
// Gemini's "known safe" heuristic (ask_user -> allow for read-only commands) is not modelled by
// RuleLens, which keeps the stricter ask_user; the oracle switches just that heuristic off.
const real = new NoopSandboxManager({ workspace: home });
const sandboxManager = { isKnownSafeCommand: () => false, isDangerousCommand: (a, c) => real.isDangerousCommand(a, c), getWorkspace: () => home, parseDenials: () => undefined, prepareCommand: (r) => real.prepareCommand(r), getOptions: () => real.getOptions() };
const { coreEvents } = await load('utils/events.js');
const errors = [];
const { CoreEvent } = await load('utils/events.js');
coreEvents.on(CoreEvent.UserFeedback, (e) => errors.push(`${e?.severity}: ${e?.message ?? String(e)}`));

const policies = join(home, '.gemini', 'policies');
mkdirSync(policies, { recursive: true });
const rl = createInterface({ input: process.stdin });
for await (const line of rl) {
  if (!line.trim()) continue;
  const c = JSON.parse(line);
  errors.length = 0;
  rmSync(policies, { recursive: true, force: true });
  mkdirSync(policies, { recursive: true });
  writeFileSync(join(policies, 'policy.toml'), c.toml);
  const decisions = [];
  try {
    for (const call of c.calls) {
      const config = await createPolicyEngineConfig({}, call.mode, undefined, call.interactive);
      const engine = new PolicyEngine({ ...config, approvalMode: call.mode, nonInteractive: !call.interactive, sandboxManager });
      const r = await engine.check({ name: call.tool ?? 'run_shell_command', args: call.args ?? { command: call.command } }, undefined);
      decisions.push(r.decision);
    }
    process.stdout.write('@@RESULT ' + JSON.stringify({ decisions, errors }) + '\n');
  } catch (e) {
    process.stdout.write('@@RESULT ' + JSON.stringify({ decisions, errors, crash: String(e?.message ?? e) }) + '\n');
  }
}
rmSync(home, { recursive: true, force: true });
