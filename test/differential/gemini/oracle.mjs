// Gemini CLI's own policy engine as an oracle, in one long-lived process. Reads one JSON case per
// line on stdin ({toml | files: [{tier, name, toml}], calls: [{command, mode, interactive}]}),
// writes one JSON line per case: '@@RESULT {decisions: [...], finals: [...], errors: [...]}' (the
// engine logs its own lines to stdout too). Policy files are loaded into their tiers (a lone `toml`
// is the user tier's policy.toml), together with the built-in default policies, by the core's own
// loader — as the CLI does. `decisions` are the engine's answers; `finals` what the CLI's scheduler
// makes of them (`checkPolicy`: a non-interactive session refuses what would ask).
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
// RuleLens, which keeps the stricter ask_user; the oracle switches just that heuristic off unless a
// case asks for it (`knownSafe: true`: the CLI's own sandbox manager, as a session without a sandbox).
// The workspace the known-safe heuristic judges paths against (argv[3], else the oracle's home).
const workspace = process.argv[3] ?? home;
const real = new NoopSandboxManager({ workspace });
const sandboxManager = { isKnownSafeCommand: () => false, isDangerousCommand: (a, c) => real.isDangerousCommand(a, c), getWorkspace: () => workspace, parseDenials: () => undefined, prepareCommand: (r) => real.prepareCommand(r), getOptions: () => real.getOptions() };
const { coreEvents } = await load('utils/events.js');
const { checkPolicy } = await load('scheduler/policy.js');
const errors = [];
const { CoreEvent } = await load('utils/events.js');
coreEvents.on(CoreEvent.UserFeedback, (e) => errors.push(`${e?.severity}: ${e?.message ?? String(e)}`));

const policies = join(home, '.gemini', 'policies');
const workspacePolicies = join(home, 'workspace-policies');
const admin = join(home, 'admin-policies');
const TIER_DIRS = { user: policies, workspace: workspacePolicies, admin };
mkdirSync(policies, { recursive: true });
const rl = createInterface({ input: process.stdin });
for await (const line of rl) {
  if (!line.trim()) continue;
  const c = JSON.parse(line);
  errors.length = 0;
  for (const dir of Object.values(TIER_DIRS)) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
  }
  const files = c.files ?? [{ tier: 'user', name: 'policy.toml', toml: c.toml }];
  for (const f of files) writeFileSync(join(TIER_DIRS[f.tier], f.name), f.toml);
  const settings = {
    ...(files.some((f) => f.tier === 'workspace') ? { workspacePoliciesDir: workspacePolicies } : {}),
    ...(files.some((f) => f.tier === 'admin') ? { adminPolicyPaths: [admin] } : {}),
  };
  const decisions = [];
  const finals = [];
  try {
    for (const call of c.calls) {
      const config = await createPolicyEngineConfig(settings, call.mode, undefined, call.interactive);
      const engine = new PolicyEngine({ ...config, approvalMode: call.mode, nonInteractive: !call.interactive, sandboxManager: c.knownSafe ? real : sandboxManager });
      const request = { name: call.tool ?? 'run_shell_command', args: call.args ?? { command: call.command } };
      const r = await engine.check(request, undefined);
      decisions.push(r.decision);
      // The scheduler's own step: the same engine, the session's interactivity.
      const cliConfig = { getPolicyEngine: () => engine, isInteractive: () => call.interactive };
      try {
        finals.push((await checkPolicy({ tool: { name: request.name, displayName: request.name }, request }, cliConfig, undefined)).decision);
      } catch {
        finals.push('deny');
      }
    }
    process.stdout.write('@@RESULT ' + JSON.stringify({ decisions, finals, errors }) + '\n');
  } catch (e) {
    process.stdout.write('@@RESULT ' + JSON.stringify({ decisions, finals, errors, crash: String(e?.message ?? e) }) + '\n');
  }
}
rmSync(home, { recursive: true, force: true });
