import type { Locale, StaffRole, UserType } from '@iddesk/contract';

/** A user without secrets, as services and routes handle it. */
export type PublicUser = {
  id: number;
  name: string;
  email: string;
  phone: string;
  type: UserType;
  balance: bigint;
  isBlocked: boolean;
  createdAt: Date;
  /** Staff only. */
  role: StaffRole | null;
  /** Signs in with a TOTP code after the password. */
  secondFactor: boolean;
  /** The language of the account's notifications and mail (issue 18). */
  locale: Locale;
};
