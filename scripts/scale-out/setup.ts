// The story's cast, made through nginx: the admin (created at start from ADMIN_EMAIL and
// ADMIN_PASSWORD) adds a payment type and a catalogue item, and four customers register. The
// crash test's World models every money operation from here on, so the database can be
// compared with the acknowledged answers at the end.
import type { Customer, World } from '../crash-test/world';
import { setUpWorld } from '../crash-test/world-setup';
import { ADMIN } from './deployment';
import { must } from './http';

/** Customers who load the servers while one is killed; customer 0 is the story's. */
const LOAD_CUSTOMERS = 3;

export type Setup = { world: World; story: Customer; load: Customer[] };

export async function setUp(base: string, png: Buffer): Promise<Setup> {
  const world = await setUpWorld(
    (call, what) => must(base, call, what),
    {
      label: 'Scale',
      admin: ADMIN,
      customers: 1 + LOAD_CUSTOMERS,
      phonePrefix: '98760',
      password: 'scale-out-password',
    },
    png,
  );
  const customers = world.customers;
  return { world, story: customers[0]!, load: customers.slice(1) };
}
