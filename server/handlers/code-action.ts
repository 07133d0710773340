import { guard, prepared, type ServerContext } from './context';

/** textDocument/codeAction: quick fixes for RuleLens diagnostics. */
export function registerCodeAction(ctx: ServerContext): void {
  ctx.connection.onCodeAction(guard(ctx.connection, 'codeAction', [], async (p) => {
    await prepared(ctx, [p.textDocument.uri]);
    return ctx.service.codeActions(p.textDocument.uri, p.range, p.context);
  }));
}
