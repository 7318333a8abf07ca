// The notifications module's public surface: other modules import from here, never its files.
export { notifyRequestHandled, notifyUserIdDecided } from './id-notices';
export { accountUnblocked, balanceChanged, billApproved, billRejected, withdrawalApproved, withdrawalRejected } from './messages';
export { notify } from './service';
export { alertWrongCodes, type SecurityAlertDeps } from './security-alerts';
