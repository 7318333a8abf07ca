// The auth module's public surface: other modules import from here, never its files.
export { deleteOtherSessions, deleteUserSessions, sessionCallerCtes } from './repository';
export { authenticate } from './service';
export { type AuthContext, type SessionSettings } from './types';
