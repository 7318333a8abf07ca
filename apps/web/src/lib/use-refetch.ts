import { type QueryKey, useQueryClient } from '@tanstack/react-query';

/** Refetches the queries under each key (what a call changed), all at once. */
export function useRefetch(...keys: QueryKey[]) {
  const queryClient = useQueryClient();
  return () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
