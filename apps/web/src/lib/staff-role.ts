import { type Passport, roleCan, type StaffPermission } from '@iddesk/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { QUERY_KEYS } from './query-keys';

/**
 * Whether the signed-in staff member's role may use `permission`, from the passport already in
 * the cache (the admin guard loads it before any admin page): for hiding what the role cannot
 * use. The server refuses it anyway (issue 15).
 */
export function useStaffCan(permission: StaffPermission): boolean {
  return roleCan(usePassport()?.role, permission);
}

/** The signed-in staff member's user id, from the same passport (null before it loads). */
export function useStaffId(): number | null {
  return usePassport()?.id ?? null;
}

function usePassport(): Passport | undefined {
  const { data } = useQuery<Passport>({ queryKey: QUERY_KEYS.passport, queryFn: skipToken });
  return data;
}
