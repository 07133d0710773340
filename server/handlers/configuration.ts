import { DidChangeConfigurationNotification } from 'vscode-languageserver';
import { guard, type ServerContext } from './context';
import { applyEngineSettings } from './engine-settings';

/** workspace/didChangeConfiguration: settings changed, so every open document is re-checked. */
export function registerConfiguration(ctx: ServerContext): void {
  ctx.connection.onDidChangeConfiguration(guard(ctx.connection, 'didChangeConfiguration', undefined, (p) => {
    const s = p.settings && typeof p.settings === 'object' ? (p.settings as Record<string, unknown>).rulelens : undefined;
    ctx.settings.setGlobal(s ?? {});
    const ws = ctx.service.workspace;
    if (ws.host.ctx) applyEngineSettings(ws.host.ctx, s, (p) => ws.text(p));
    ctx.service.forgetResults();
    ctx.validator.scheduleAll();
    // The setting may have turned background checking on or off, and every level may have changed.
    ctx.background?.start();
  }));
}

/** Subscribes to configuration changes when the client needs the server to ask. */
export async function registerConfigurationWatch(ctx: ServerContext): Promise<void> {
  if (ctx.client.configurationRegistration) await ctx.connection.client.register(DidChangeConfigurationNotification.type, { section: 'rulelens' });
}
