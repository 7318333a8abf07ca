// The live events module's public surface (decision 042): other modules import from here.
export { LiveEvents } from './hub';
