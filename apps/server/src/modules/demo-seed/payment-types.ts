import { paymentTypes } from '../../db/schema';
import type { SeedArea } from './types';

/**
 * Clearly fake destinations ("demo" bank handle, zero account number), so a customer of a
 * site left on demo data cannot send real money anywhere.
 */
export const paymentTypesArea: SeedArea<null> = {
  name: 'payment types',
  prepare: async () => ({ data: null, files: [] }),
  async write(tx) {
    await tx.insert(paymentTypes).values([
      { name: 'UPI (demo — replace before going live)', kind: 'upi', upiId: 'replace-me@demo' },
      {
        name: 'Bank transfer (demo)',
        kind: 'bank',
        accountHolder: 'ID Desk Demo',
        accountNumber: '000000000000',
        ifsc: 'DEMO0000000',
        bankName: 'Demo Bank',
      },
    ]);
  },
};
