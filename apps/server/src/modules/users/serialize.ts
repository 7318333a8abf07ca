import { formatAmount, type User } from '@iddesk/contract';
import type { PublicUser } from './types';

/** The user on the wire (`POST /user/passport`, docs/product.md#call-bodies): snake_case, money as "1500.00". */
export function toUserJson(user: PublicUser): User {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    type: user.type,
    balance: formatAmount(user.balance),
    is_blocked: user.isBlocked,
    created_at: user.createdAt.toISOString(),
    role: user.role,
    second_factor: user.secondFactor,
    locale: user.locale,
  };
}
