export { queryStore } from './query-store';
export { useMutation } from './use-mutation';
export { queryOptions, useQuery } from './use-query';
