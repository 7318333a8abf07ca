import {
  type CreateStaffBody,
  STAFF_API,
  type StaffList,
  type StaffMember,
  type StaffRole,
} from '@iddesk/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys, useAdminMutation } from '../../../staff';

/** `GET /admin/staff`: every staff account (owners only). */
export const getStaff = (signal?: AbortSignal) =>
  apiRequest<StaffList>(STAFF_API.list, { method: 'GET', signal });

export const useStaff = () =>
  useQuery({
    queryKey: adminKeys.staff,
    queryFn: async ({ signal }) => (await getStaff(signal)).data.items,
  });

export const createStaff = (body: CreateStaffBody) =>
  apiRequest<StaffMember>(STAFF_API.create, { method: 'POST', body });

export type StaffChange =
  | { id: number; kind: 'role'; role: StaffRole }
  | { id: number; kind: 'disable' | 'enable' | 'reset_second_factor' };

/** One of the owner's changes to another staff account. */
export const changeStaff = (change: StaffChange) => {
  if (change.kind === 'role') {
    return apiRequest<StaffMember>(STAFF_API.edit(change.id), {
      method: 'POST',
      body: { role: change.role },
    });
  }
  const path =
    change.kind === 'disable'
      ? STAFF_API.disable(change.id)
      : change.kind === 'enable'
        ? STAFF_API.enable(change.id)
        : STAFF_API.resetSecondFactor(change.id);
  return apiRequest<StaffMember>(path, { method: 'POST' });
};

export const useCreateStaff = () => useAdminMutation(createStaff);

export const useChangeStaff = () => useAdminMutation(changeStaff);
