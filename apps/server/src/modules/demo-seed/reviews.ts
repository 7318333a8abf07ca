import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { reviews } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { insertUser } from '../users';
import type { SeedArea } from './types';

/**
 * The demo reviewers' email domain: `.invalid` never receives mail (RFC 2606). Accounts on it
 * are not customers, so the dashboard does not count them (issue 56).
 */
export const DEMO_ACCOUNT_DOMAIN = 'iddesk.invalid';

/**
 * Demo customers exist only to author the demo reviews. Their passwords are random and
 * thrown away, so nobody can sign in as them.
 */
const CUSTOMERS = [
  { name: 'Priya Sharma', email: `priya.demo@${DEMO_ACCOUNT_DOMAIN}`, phone: '+910000000101' },
  { name: 'Rahul Verma', email: `rahul.demo@${DEMO_ACCOUNT_DOMAIN}`, phone: '+910000000102' },
  { name: 'Aman Khan', email: `aman.demo@${DEMO_ACCOUNT_DOMAIN}`, phone: '+910000000103' },
  { name: 'Sneha Patel', email: `sneha.demo@${DEMO_ACCOUNT_DOMAIN}`, phone: '+910000000104' },
];

/** [customer index, rating, text, days ago] */
const REVIEWS: [number, number, string, number][] = [
  [
    0,
    5,
    'Got my ID within ten minutes of paying. The desk answered every question on WhatsApp.',
    12,
  ],
  [
    1,
    4,
    'Deposit was credited quickly after I sent the UTR. Would like a dark mode, otherwise great.',
    9,
  ],
  [2, 5, 'Withdrawal reached my bank the same evening. Smooth and honest service.', 6],
  [3, 5, 'Clear steps, friendly support, and the demo ID helped me try before paying.', 4],
  [0, 4, 'Second ID was even faster than the first. Keep it up!', 2],
  [1, 5, 'Changed my ID password through the site, done in minutes.', 1],
];

type Payload = { customers: ((typeof CUSTOMERS)[number] & { passwordHash: string })[] };

export const reviewsArea: SeedArea<Payload> = {
  name: 'reviews',
  async prepare() {
    const customers = [];
    for (const customer of CUSTOMERS) {
      customers.push({
        ...customer,
        passwordHash: await hashPassword(randomBytes(32).toString('hex')),
      });
    }
    return { data: { customers }, files: [] };
  },
  async write(tx, { customers }) {
    const ids: number[] = [];
    for (const customer of customers) ids.push((await insertUser(tx, customer)).id);
    for (const [who, rating, text, daysAgo] of REVIEWS) {
      await tx.insert(reviews).values({
        userId: ids[who]!,
        rating,
        text,
        createdAt: sql`now() - make_interval(days => ${daysAgo})`,
      });
    }
  },
};
