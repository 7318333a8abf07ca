import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A mutation after which the queries under `queryKey` refetch: once it went through, or with
 * `settled` after a refusal too (a 409 means the data changed meanwhile).
 */
export function useRefetchingMutation<I, T>(
  mutationFn: (input: I) => Promise<T>,
  queryKey: QueryKey,
  when: 'success' | 'settled' = 'success',
) {
  const queryClient = useQueryClient();
  const refetch = () => queryClient.invalidateQueries({ queryKey });
  return useMutation(
    when === 'success' ? { mutationFn, onSuccess: refetch } : { mutationFn, onSettled: refetch },
  );
}
