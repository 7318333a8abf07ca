// The bills module's public surface: other modules import from here, never its files.
export { PAYMENT_TYPE_UNAVAILABLE } from './service';
