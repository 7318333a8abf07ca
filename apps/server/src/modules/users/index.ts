// The users module's public surface: other modules import from here, never its files.
export { type BootstrapResult, ensureAdmin, GENERATED_PASSWORD_FILE, writeGeneratedPassword } from './bootstrap-admin';
export { contactConflictFromDb, takenContactsError } from './contact-errors';
export {
  findTakenContacts,
  findUserById,
  findUserForLogin,
  findUserWithPassword,
  insertUser,
  publicUserColumns,
  setUserBlocked,
  updateUserPassword,
} from './repository';
export { toUserJson } from './serialize';
export { type PublicUser } from './types';
