import { LIST_REQUESTS_METHOD, type ListRequestsParams, type ListRequestsResult } from '../../shared/protocol';
import { guard, prepared, type ServerContext } from './context';

/** `rulelens/listRequests`: the stored requests of a rule or requests file with their results. */
export function registerListRequests(ctx: ServerContext): void {
  const empty: ListRequestsResult = { ruleUri: null, requestsUri: null, dialect: null, requests: [] };
  ctx.connection.onRequest(LIST_REQUESTS_METHOD, guard(ctx.connection, 'listRequests', empty, async (p: ListRequestsParams) => {
    if (!p || typeof p.uri !== 'string') return empty;
    await prepared(ctx, [p.uri]);
    return ctx.service.listRequests(p.uri);
  }));
}
