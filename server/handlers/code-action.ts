import { guard, type ServerContext } from './context';

/** textDocument/codeAction: quick fixes for RuleLens diagnostics. */
export function registerCodeAction(ctx: ServerContext): void {
  ctx.connection.onCodeAction(guard(ctx.connection, 'codeAction', [], async (p) => {
    await ctx.settings.prepare([p.textDocument.uri]);
    return ctx.service.codeActions(p.textDocument.uri, p.range, p.context);
  }));
}
