import { z } from 'zod';

export const UserTypeSchema = z.enum(['user', 'admin']);
export type UserType = z.infer<typeof UserTypeSchema>;

/** A staff account's role (issue 15; see staff.ts). Customers have none. */
export const StaffRoleSchema = z.enum(['owner', 'cashier', 'support']);
export type StaffRole = z.infer<typeof StaffRoleSchema>;

export const UserIdStatusSchema = z.enum(['pending', 'active', 'rejected', 'closed']);
export type UserIdStatus = z.infer<typeof UserIdStatusSchema>;

export const RequestTypeSchema = z.enum(['create', 'deposit', 'withdraw', 'close', 'change_password']);
export type RequestType = z.infer<typeof RequestTypeSchema>;

export const RequestStatusSchema = z.enum(['pending', 'approved', 'rejected']);
export type RequestStatus = z.infer<typeof RequestStatusSchema>;

export const TransactionStatusSchema = z.enum(['pending', 'done', 'rejected']);
export type TransactionStatus = z.infer<typeof TransactionStatusSchema>;
