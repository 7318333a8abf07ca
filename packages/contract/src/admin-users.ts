import { z } from 'zod';
import { UserSchema } from './auth';
import { FormBooleanSchema, optionalText } from './form-fields';
import { msg } from './i18n/translate';
import { AmountSchema } from './money';

/** `POST /admin/users?page&perPage`, filter in the body (which may be empty). */
export const AdminUsersFilterSchema = z.strictObject({
  /** Part of the name, email or phone. */
  search: optionalText(100, msg('validation.search.max', { max: 100 })),
  /** true: only blocked, false: only not blocked, absent/null: everyone. */
  blocked: z.preprocess((v) => (v === '' || v === null ? undefined : v), FormBooleanSchema.optional()),
});
export type AdminUsersFilter = z.input<typeof AdminUsersFilterSchema>;

export const AdminUserListItemSchema = UserSchema;
export type AdminUserListItem = z.infer<typeof AdminUserListItemSchema>;

export const AdminUserDetailSchema = UserSchema.extend({
  /** Sum of the user's holds (pending debits), already taken out of `balance`. */
  held: AmountSchema,
  /** Sum of pending credits (bills awaiting approval), not yet in `balance`. */
  pending_credit: AmountSchema,
  pending_bills: z.number().int(),
  pending_withdrawals: z.number().int(),
  transactions_count: z.number().int(),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;
