import { CONTENT_API, type PublicSettings, type SiteSettingsBody } from '@iddesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { siteSettingsQueryKey } from '../../site-settings';

/** `POST /admin/settings`: every field at once, and the money limits. */
export const updateSettings = (body: SiteSettingsBody) =>
  apiRequest<PublicSettings>(CONTENT_API.adminSettings, { method: 'POST', body });

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (response) => queryClient.setQueryData(siteSettingsQueryKey, response.data),
  });
}
