import { pathOf, type ApiCall, type CallBody, type CallData, type CallParams, type CallQuery } from '../../types/api/contract';
import { request, withRetry } from './client';

/** What a declared call takes: path parameters, query and body, each only where the call declares it. */
export interface CallInput<C extends ApiCall> {
  params?: CallParams<C>;
  query?: Partial<CallQuery<C>>;
  body?: CallBody<C>;
}

/**
 * Call a declared API call (types/api/<domain>.ts): the path comes from the
 * declaration, the answer is typed by its response schema. GETs are retried
 * (spec part 1 §7: three attempts, 300 ms apart; never on a 4xx), POSTs are not.
 */
export function call<C extends ApiCall>(c: C, input: CallInput<C> = {}): Promise<CallData<C>> {
  const path = pathOf(c, input.params as Record<string, string | number> | undefined);
  if (c.method === 'GET') return withRetry(() => request<CallData<C>>('GET', path, input.query as Record<string, unknown> | undefined));
  return request<CallData<C>>('POST', path, input.body as Record<string, unknown> | undefined);
}
