import * as path from 'path';
import { DidChangeWatchedFilesNotification } from 'vscode-languageserver';
import { CONFIG_FILE } from '../../shared/config/lint-config';
import { uriToPath } from '../service/uri';
import { guard, type ServerContext } from './context';

/**
 * Files whose changes on disk can change a result: rule, requests and config files, and every
 * other file of a policy (Codex `.rules` and `.codexpolicy`, Gemini `.toml`, a project skill's `SKILL.md`).
 */
export const WATCH_GLOB = '**/{*.json,*.jsonc,*.yaml,*.yml,*.rules,*.codexpolicy,*.toml,SKILL.md}';

/**
 * workspace/didChangeWatchedFiles: a rule or requests file changed on disk (a checkout, another
 * editor) re-checks the open documents that depend on it; a `.rulelens.json` change re-checks all.
 */
export function registerWatchedFiles(ctx: ServerContext): void {
  ctx.connection.onDidChangeWatchedFiles(guard(ctx.connection, 'didChangeWatchedFiles', undefined, (p) => {
    let configChanged = false;
    for (const change of p.changes) {
      ctx.service.fileChanged(change.uri);
      if (path.basename(uriToPath(change.uri)) === CONFIG_FILE) configChanged = true;
      else ctx.validator.schedule(change.uri);
    }
    if (configChanged) {
      ctx.settings.clear();
      ctx.validator.scheduleAll();
      ctx.background?.start();
    }
  }));
}

/** Asks the client to watch the files above, when it lets servers register watchers. */
export async function registerWatchers(ctx: ServerContext): Promise<void> {
  if (!ctx.client.watchRegistration) return;
  await ctx.connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: WATCH_GLOB }] });
}
