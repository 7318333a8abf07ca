import { paymentTypes } from '../../db/schema';
import type { SeedArea } from './types';

/** The demo payees' marks: while one is active, the dashboard warns staff (issue 56). */
export const DEMO_PAYEE = { upiId: 'replace-me@demo', ifsc: 'DEMO0000000' } as const;

/**
 * Clearly fake destinations ("demo" bank handle, zero account number), so a customer of a
 * site left on demo data cannot send real money anywhere.
 */
export const paymentTypesArea: SeedArea<null> = {
  name: 'payment types',
  prepare: async () => ({ data: null, files: [] }),
  async write(tx) {
    await tx.insert(paymentTypes).values([
      { name: 'UPI (demo — replace before going live)', kind: 'upi', upiId: DEMO_PAYEE.upiId },
      {
        name: 'Bank transfer (demo)',
        kind: 'bank',
        accountHolder: 'ID Desk Demo',
        accountNumber: '000000000000',
        ifsc: DEMO_PAYEE.ifsc,
        bankName: 'Demo Bank',
      },
    ]);
  },
};
