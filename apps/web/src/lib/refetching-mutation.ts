import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/** Refetches the queries under each key (what a call changed), all at once. */
export function useRefetch(...keys: QueryKey[]) {
  const queryClient = useQueryClient();
  return () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/**
 * A mutation after which the queries under `queryKey` refetch: once it went through, or with
 * `settled` after a refusal too (a 409 means the data changed meanwhile).
 */
export function useRefetchingMutation<I, T>(
  mutationFn: (input: I) => Promise<T>,
  queryKey: QueryKey,
  when: 'success' | 'settled' = 'success',
) {
  const refetch = useRefetch(queryKey);
  return useMutation(
    when === 'success' ? { mutationFn, onSuccess: refetch } : { mutationFn, onSettled: refetch },
  );
}
