import { CONTENT_API, type PublicSettings, type Settings, type SiteSettingsBody } from '@iddesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { siteSettingsQueryKey } from '../../site-settings';

/** `POST /admin/settings`: every field at once, and the money limits. */
export const updateSettings = async (body: SiteSettingsBody) => {
  const response = await apiRequest<PublicSettings>(CONTENT_API.adminSettings, { method: 'POST', body });
  // The time zone comes with the answer, as with GET /settings; it is not a setting.
  const { display_time_zone: _zone, ...settings }: PublicSettings = response.data;
  return { ...response, data: settings satisfies Settings };
};

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (response) => queryClient.setQueryData(siteSettingsQueryKey, response.data),
  });
}
