// The payment-types module's public surface: other modules import from here, never its files.
export { cachedPaymentType, findPaymentType } from './repository';
