import { useQuery } from '@tanstack/react-query';
import { apiBlob } from './api-client';

/**
 * A private file as a Blob, cached briefly so going back to a page does not download the
 * screenshot again. Pass null to fetch nothing.
 */
export function usePrivateFile(url: string | null | undefined) {
  return useQuery({
    queryKey: ['private-file', url],
    queryFn: ({ signal }) => apiBlob(url as string, signal),
    enabled: Boolean(url),
    staleTime: Infinity,
    gcTime: 60_000,
  });
}
