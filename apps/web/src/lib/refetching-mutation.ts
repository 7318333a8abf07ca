import { type QueryKey, useMutation } from '@tanstack/react-query';
import { useRefetch } from './use-refetch';

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
