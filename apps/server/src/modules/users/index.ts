// The users module (an account: its own profile and password, and staff searching, blocking and crediting customers): other modules import from here, never its files.
export { type BootstrapResult, ensureAdmin } from './bootstrap-admin';
export { contactConflictFromDb, takenContactsError } from './contact-errors';
export { findTakenContacts, findUserById, findUserForLogin, insertUser, publicUserColumns, setUserBlocked, updateUserPassword } from './repository';
export { toUserJson } from './serialize';
export { type PublicUser } from './types';
