import { guard, type ServerContext } from './context';

/** textDocument/documentSymbol: the outline of rules or stored requests. */
export function registerDocumentSymbol(ctx: ServerContext): void {
  ctx.connection.onDocumentSymbol(guard(ctx.connection, 'documentSymbol', [], async (p) => {
    await ctx.settings.prepare([p.textDocument.uri]);
    return ctx.service.documentSymbols(p.textDocument.uri);
  }));
}
