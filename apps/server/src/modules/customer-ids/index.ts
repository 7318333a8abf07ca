// The customer-ids module (a customer's IDs on third-party sites): other modules import from here, never its files.
export { openOrNull, seal, SEALED } from './credentials';
export { assertActive, checkPayment, holdIfFromWallet, paymentColumns, storeProof } from './payment';
export { findUserIdForUpdate, requestReuseApproved, updateUserId } from './repository';
export { type Audience } from './serialize';
export { getOwnUserId } from './service';
