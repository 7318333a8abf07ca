// The auth module's public surface: other modules import from here, never its files.
export { endSessions, type SessionCallerRow, sessionCallerColumns, sessionCallerCtes, sessionCallerOf } from './repository';
export { authenticate, keepCaller, rejectionFor } from './service';
export { type AuthContext, type SessionSettings } from './types';
