// The auth module's public surface: other modules import from here, never its files.
export { decodeSessionCaller, endSessions, SESSION_CALLER_COLUMN_COUNT, sessionCallerColumns, sessionCallerCtes } from './repository';
export { authenticate, rejectionFor } from './service';
export { sessionCacheOf } from './session-cache';
export { type AuthContext, type SessionSettings } from './types';
