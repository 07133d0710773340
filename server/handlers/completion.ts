import { stretches } from '../slow-stretches';
import { guard, type ServerContext } from './context';

/** textDocument/completion: keys and values of rule and requests files. */
export function registerCompletion(ctx: ServerContext): void {
  ctx.connection.onCompletion(guard(ctx.connection, 'completion', { isIncomplete: false, items: [] }, async (p) => {
    await ctx.service.ready(p.textDocument.uri);
    return stretches.run('completion', () => ctx.service.completion(p.textDocument.uri, p.position));
  }));
}
