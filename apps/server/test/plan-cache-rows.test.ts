import { asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { withRowMapper } from '../src/db/plan-cache';
import { bills, paymentTypes, users } from '../src/db/schema';
import { customer } from './helpers/ids-fixtures';
import { addFunds, approveBill } from './helpers/wallet-fixtures';
import { useStaffedApp } from './helpers/staffed-app';

/**
 * db/plan-cache.ts `withRowMapper` (issue 19): a kept queue statement maps its rows with a
 * plan made once, and must give what Drizzle's own mapping gives, on both databases: nested
 * parts, a left-joined part null when nothing joined, SQL columns with their decoders, an
 * aliased one, and a left-joined column outside a nested part (never nulled).
 */

const { ctx, admin, paymentType } = useStaffedApp({ paymentType: true });
const handler = alias(users, 'handler');

const select = () =>
  ctx.db
    .select({
      bill: bills,
      user: { id: users.id, name: users.name, email: users.email },
      handler: { id: handler.id, name: handler.name },
      paymentType: { id: paymentTypes.id, name: paymentTypes.name },
      handlerEmail: handler.email,
      sameReference: sql<boolean>`exists (select 1 from bills o where o.reference = ${bills.reference} and o.id <> ${bills.id})`,
      amountText: sql<string>`${bills.amount}::text`.as('amount_text'),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(bills)
    .innerJoin(users, eq(users.id, bills.userId))
    .innerJoin(paymentTypes, eq(paymentTypes.id, bills.paymentTypeId))
    .leftJoin(handler, eq(handler.id, bills.handledBy))
    .where(eq(bills.userId, sql.placeholder('user')))
    .orderBy(asc(bills.id));

describe('rows mapped by a plan made once', () => {
  it('are the objects Drizzle maps, handled and pending rows alike', async () => {
    const user = await customer(ctx);
    const reference = `UTR-ROWS-${Date.now()}`;
    const approved = (await addFunds(ctx.app, user.token, paymentType.id, '12.50', undefined, reference)).json().data.id as number;
    const pending = (await addFunds(ctx.app, user.token, paymentType.id, '7.00', undefined, reference)).json().data.id as number;
    // Flagged by the other (one UTR): approved with a reason (issue 51).
    expect((await approveBill(ctx.app, admin.token, approved, { confirm_reused: true, comment: 'Two transfers' })).statusCode).toBe(200);

    const mapped = withRowMapper(select().prepare('rows mapped once'));
    expect((mapped as unknown as { customResultMapper?: unknown }).customResultMapper).toBeTypeOf('function');
    const ours = await mapped.execute({ user: user.id });
    const drizzles = await select().prepare('rows mapped by drizzle').execute({ user: user.id });

    expect(ours).toEqual(drizzles);
    expect(ours.map((row) => row.bill.id)).toEqual([approved, pending]);
    const [first, second] = ours;
    expect(first!.handler).toEqual({ id: expect.any(Number), name: 'Test Admin' });
    expect(first!.handlerEmail).toEqual(expect.any(String));
    expect(second!.handler).toBeNull();
    expect(second!.handlerEmail).toBeNull();
    expect(first!.bill.amount).toBe(1250n);
    expect(first!.bill.createdAt).toBeInstanceOf(Date);
    expect(first!.bill.handledAt).toBeInstanceOf(Date);
    expect(second!.bill.handledAt).toBeNull();
    expect([first!.sameReference, second!.sameReference]).toEqual([true, true]);
    expect(first!.amountText).toBe('1250');
    expect(first!.total).toBe(2);
  });
});
