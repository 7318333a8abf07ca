import type { PublicUser } from '../users';

/** Who is calling: the user behind the bearer token and the session it belongs to. */
export type AuthContext = { user: PublicUser; sessionId: number };

export type SessionSettings = { idleDays: number; maxDays: number };
