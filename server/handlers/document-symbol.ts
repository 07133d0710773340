import { guard, prepared, type ServerContext } from './context';

/** textDocument/documentSymbol: the outline of rules or stored requests. */
export function registerDocumentSymbol(ctx: ServerContext): void {
  ctx.connection.onDocumentSymbol(guard(ctx.connection, 'documentSymbol', [], async (p) => {
    await prepared(ctx, [p.textDocument.uri]);
    return ctx.service.documentSymbols(p.textDocument.uri);
  }));
}
