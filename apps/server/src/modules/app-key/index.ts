export { AppKeyMismatchError, RotationError } from './errors';
export { fingerprintOf } from './fingerprint';
export { Keyring, sealingFingerprint } from './keyring';
export { rotateAppKey, type RotationResult } from './rotate';
export { IDEMPOTENCY_RESPONSE_PURPOSE, SEALED, SEALED_COLUMNS } from './sealed-columns';
export { type AppKeyState, verifyAppKey } from './verify';
