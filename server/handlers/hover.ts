import { stretches } from '../slow-stretches';
import { guard, prepared, type ServerContext } from './context';

/** textDocument/hover: what a rule decides, or a stored request's verdict and trace. */
export function registerHover(ctx: ServerContext): void {
  ctx.connection.onHover(guard(ctx.connection, 'hover', null, async (p) => {
    await prepared(ctx, [p.textDocument.uri]);
    return stretches.run('hover', () => ctx.service.doHover(p.textDocument.uri, p.position));
  }));
}
