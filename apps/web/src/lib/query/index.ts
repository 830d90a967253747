export { hashKey, isStale, QueryStore, queryStore } from './query-store';
export type { QueryFunctionContext, QueryKey, QueryOptions, QueryState } from './query-store';
export { useMutation } from './use-mutation';
export type { MutationOptions, MutationResult } from './use-mutation';
export { queryOptions, useQuery } from './use-query';
export type { QueryResult, UseQueryOptions } from './use-query';
