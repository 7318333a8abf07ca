// The auth module (signing in, sessions, the second factor): other modules import from here, never its files.
export { endSessions, type SessionCallerRow, sessionCallerColumns, sessionCallerCtes, sessionCallerOf } from './repository';
export { authenticate, keepCaller, rejectionFor } from './service';
export { CODE_BACKOFF, CodeAttempts } from './code-attempts';
export { resetSecondFactor } from './second-factor';
export { type AuthContext, type SessionSettings } from './types';
