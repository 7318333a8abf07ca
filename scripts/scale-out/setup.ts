// The story's cast, made through nginx: the admin (created at start from ADMIN_EMAIL and
// ADMIN_PASSWORD) adds a payment type and a catalogue item, and four customers register. The
// crash test's World models every money operation from here on, so the database can be
// compared with the acknowledged answers at the end.
import { jsonCall, multipartCall } from '../crash-test/http';
import { type Customer, World } from '../crash-test/world';
import { ADMIN } from './deployment';
import { must } from './http';

/** Customers who load the servers while one is killed; customer 0 is the story's. */
const LOAD_CUSTOMERS = 3;

export type Setup = { world: World; story: Customer; load: Customer[] };

export async function setUp(base: string, png: Buffer): Promise<Setup> {
  const login = await must(
    base,
    jsonCall('', '/auth/login', { login: ADMIN.email, password: ADMIN.password }, false),
    'admin login',
  );
  const adminToken = String(login.data.api_token);
  const adminId = Number(
    (await must(base, jsonCall(adminToken, '/user/passport', {}, false), 'passport')).data.id,
  );
  const paymentType = await must(
    base,
    multipartCall(
      adminToken,
      '/admin/payment_types/create',
      { name: 'Scale UPI', kind: 'upi', upi_id: 'desk@okbank', is_active: 'true' },
      null,
      false,
    ),
    'payment type',
  );
  const item = await must(
    base,
    multipartCall(
      adminToken,
      '/admin/ids/create',
      {
        name: 'Scale Book',
        website: 'https://example.com',
        min_deposit: '1.00',
        is_active: 'true',
      },
      { field: 'image', name: 'logo.png', type: 'image/png', bytes: png },
      false,
    ),
    'catalogue item',
  );
  const customers: Customer[] = [];
  for (let index = 0; index <= LOAD_CUSTOMERS; index += 1) {
    const email = `scale${index}@example.com`;
    const body = {
      name: `Scale Customer ${index}`,
      email,
      phone: `98760${String(index).padStart(5, '0')}`,
      password: 'scale-out-password',
      password_confirmation: 'scale-out-password',
    };
    const registered = await must(
      base,
      jsonCall('', '/auth/register', body, false),
      `register ${email}`,
    );
    const token = String(registered.data.api_token);
    const id = Number(
      (await must(base, jsonCall(token, '/user/passport', {}, false), 'passport')).data.id,
    );
    customers.push({ index, id, token, email });
  }
  const world = new World(
    { id: adminId, token: adminToken },
    customers,
    Number(paymentType.data.id),
    Number(item.data.id),
    png,
  );
  return { world, story: customers[0]!, load: customers.slice(1) };
}
