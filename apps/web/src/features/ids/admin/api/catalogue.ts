import {
  type AdminCatalogueItem,
  type CatalogueDeleteResult,
  ID_LOGO_FIELD,
  IDS_API,
} from '@iddesk/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { itemQueryOptions } from '../../../../lib/page-query';
import { QUERY_KEYS } from '../../../../lib/query-keys';
import { adminKeys, useInvalidateAfterAdminAction } from '../../../staff';

/** `GET /admin/ids`: every catalogue item, inactive ones too. */
export const useAdminCatalogue = () =>
  useQuery(itemQueryOptions<AdminCatalogueItem[]>(IDS_API.adminIds, adminKeys.catalogue));

/** `GET /admin/ids/{id}`. */
export const useAdminCatalogueItem = (id: number | null) =>
  useQuery({
    ...itemQueryOptions<AdminCatalogueItem>(
      IDS_API.adminId(id ?? 0),
      adminKeys.catalogueItem(id ?? 0),
    ),
    enabled: id !== null,
  });

/** The catalogue form as sent: every text field, the active flag and the logo when chosen. */
export type CatalogueItemInput = {
  name: string;
  website: string;
  description: string;
  /** Wire format, "500.00". */
  min_deposit: string;
  is_active: boolean;
  demo_login: string;
  demo_password: string;
  image: File | null;
};

function toForm(input: CatalogueItemInput): FormData {
  const form = new FormData();
  form.set('name', input.name);
  form.set('website', input.website);
  form.set('description', input.description);
  form.set('min_deposit', input.min_deposit);
  form.set('is_active', String(input.is_active));
  // Empty demo fields are read as "no demo access".
  form.set('demo_login', input.demo_login);
  form.set('demo_password', input.demo_password);
  if (input.image) form.set(ID_LOGO_FIELD, input.image, input.image.name);
  return form;
}

/** `POST /admin/ids/create` or `/admin/ids/{id}/edit` (multipart, logo in `image`). */
export const saveCatalogueItem = ({
  id,
  input,
}: {
  id: number | null;
  input: CatalogueItemInput;
}) =>
  apiRequest<AdminCatalogueItem>(id === null ? IDS_API.adminIdCreate : IDS_API.adminIdEdit(id), {
    method: 'POST',
    body: toForm(input),
  });

/** `POST /admin/ids/{id}/delete`: removed, or deactivated when customers hold IDs on it. */
export const deleteCatalogueItem = (id: number) =>
  apiRequest<CatalogueDeleteResult>(IDS_API.adminIdDelete(id), { method: 'POST' });

/** Catalogue changes show on the customers' catalogue too (the admin may look at it next). */
function useInvalidateCatalogue() {
  const queryClient = useQueryClient();
  const invalidateAdmin = useInvalidateAfterAdminAction();
  return () =>
    Promise.all([
      invalidateAdmin(),
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.catalogue }),
    ]);
}

export function useSaveCatalogueItem() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({ mutationFn: saveCatalogueItem, onSuccess: invalidate });
}

export function useDeleteCatalogueItem() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({ mutationFn: deleteCatalogueItem, onSuccess: invalidate });
}
