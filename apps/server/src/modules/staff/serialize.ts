import type { StaffMember } from '@iddesk/contract';
import type { StaffRow } from './repository';

export function toStaffJson(row: StaffRow): StaffMember {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    second_factor: row.secondFactor,
    is_disabled: row.isBlocked,
    created_at: row.createdAt.toISOString(),
  };
}
