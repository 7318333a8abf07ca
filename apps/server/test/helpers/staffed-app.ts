import { afterEach, beforeAll } from 'vitest';
import { createAdmin, type TestAppOptions, type TestContext, useTestApp } from './test-app';
import { createItem } from './ids-fixtures';
import { createUpiPaymentType, expectLedgerConsistent } from './wallet-fixtures';

type StaffedAppOptions = {
  /** A UPI payment type the admin made (`paymentType.id`), for bills and ID payments. */
  paymentType?: boolean;
  /** A catalogue item the admin made (`item`), these fields over the defaults. */
  item?: Record<string, string>;
  /** Checks the ledger's invariant after every test. */
  ledgerCheck?: boolean;
  env?: Record<string, string>;
  app?: TestAppOptions;
};

/**
 * The real app with one signed-in admin, the set-up most API suites start from. `admin` and
 * `paymentType`, `item` are filled in before the first test (read them inside hooks and tests).
 */
export function useStaffedApp({ paymentType, item, ledgerCheck, env, app }: StaffedAppOptions = {}) {
  const ctx: TestContext = useTestApp(env, app);
  const admin = {} as Awaited<ReturnType<typeof createAdmin>>;
  const type = { id: 0 };
  const catalogueItem = {} as Awaited<ReturnType<typeof createItem>>;
  beforeAll(async () => {
    Object.assign(admin, await createAdmin(ctx));
    if (item) Object.assign(catalogueItem, await createItem(ctx.app, admin.token, item));
    if (paymentType) type.id = (await createUpiPaymentType(ctx.app, admin.token)).id;
  });
  if (ledgerCheck) {
    afterEach(async () => {
      await expectLedgerConsistent(ctx);
    });
  }
  return { ctx, admin, paymentType: type, item: catalogueItem };
}
