import { stretches } from '../slow-stretches';
import { guard, prepared, type ServerContext } from './context';

/** textDocument/codeLens: what each rule decides; each stored request's verdict. */
export function registerCodeLens(ctx: ServerContext): void {
  ctx.connection.onCodeLens(guard(ctx.connection, 'codeLens', [], async (p) => {
    await prepared(ctx, [p.textDocument.uri]);
    return stretches.run('codeLens', () => ctx.service.codeLenses(p.textDocument.uri, ctx.settings.lensMode(p.textDocument.uri)));
  }));
}
