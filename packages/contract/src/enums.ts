import { z } from 'zod';

export const UserTypeSchema = z.enum(['user', 'admin']);
export type UserType = z.infer<typeof UserTypeSchema>;

/** A staff account's role (issue 15; see staff.ts). Customers have none. */
export const StaffRoleSchema = z.enum(['owner', 'cashier', 'support']);
export type StaffRole = z.infer<typeof StaffRoleSchema>;

/** `cancelled`: the customer withdrew a pending new ID before the desk handled it (issue 17). */
export const UserIdStatusSchema = z.enum(['pending', 'active', 'rejected', 'closed', 'cancelled']);
export type UserIdStatus = z.infer<typeof UserIdStatusSchema>;

export const RequestTypeSchema = z.enum(['create', 'deposit', 'withdraw', 'close', 'change_password']);
export type RequestType = z.infer<typeof RequestTypeSchema>;

/** Bills, withdrawals and ID requests; `cancelled` by the customer while pending (issue 17). */
export const RequestStatusSchema = z.enum(['pending', 'approved', 'rejected', 'cancelled']);
export type RequestStatus = z.infer<typeof RequestStatusSchema>;

/** `cancelled`: the hold or pending credit of an item the customer cancelled; it never counts. */
export const TransactionStatusSchema = z.enum(['pending', 'done', 'rejected', 'cancelled']);
export type TransactionStatus = z.infer<typeof TransactionStatusSchema>;
