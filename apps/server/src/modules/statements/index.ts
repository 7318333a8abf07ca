// The statements module's public surface (issue 54): other modules import from here.
export { billReferenceUnderAccountLock } from './repository';
export { backBill } from './service';
