import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Minor } from '@iddesk/contract';
import { users } from '../src/db/schema';
import type { Tx } from '../src/db/types';
import { ledgerInvariant } from '../src/modules/ledger/invariant';
import {
  credit,
  debit,
  hold,
  pendingCredit as ledgerPendingCredit,
  rejectCredit,
  releaseHold,
  settleCredit,
  settleHold,
} from '../src/modules/ledger/service';
import type { LedgerMovement } from '../src/modules/ledger/types';
import { registerUser, useTestApp } from './helpers/test-app';
import { balanceOf, expectLedgerConsistent, userIdOf } from './helpers/wallet-fixtures';

let causeId = 1;

const ctx = useTestApp();
afterEach(async () => {
  await expectLedgerConsistent(ctx);
});

async function userWith(amount: bigint) {
  const user = await registerUser(ctx.app);
  const id = await userIdOf(ctx, user.email);
  if (amount > 0n) await ctx.db.transaction((tx) => credit(tx, move(id, amount, 'admin_deposit', 'manual')));
  return id;
}

function move(userId: number, amount: bigint, kind: LedgerMovement['kind'] = 'id_deposit', type: LedgerMovement['cause']['type'] = 'request'): LedgerMovement {
  return { userId, amount: amount as Minor, kind, cause: { type, id: type === 'manual' ? null : causeId++ }, description: { key: 'api.ledger.entry.adminDeposit', values: { comment: kind } } };
}

const inTx = <T>(work: (tx: Tx) => Promise<T>) => ctx.db.transaction(work);

const pendingCredit = (tx: Tx, movement: LedgerMovement) => ledgerPendingCredit(tx, movement, { locale: 'en' });

describe('ledger functions (the API issue 4 builds on)', () => {
  it('hold → settleHold: balance drops once, at the hold; a second settle or a release is ALREADY_HANDLED', async () => {
    const id = await userWith(1000n);
    const row = await inTx((tx) => hold(tx, move(id, 400n)));
    expect(row).toMatchObject({ amount: -400n, status: 'pending', balanceAfter: 600n });
    expect(await balanceOf(ctx, id)).toBe(600n);

    expect(await inTx((tx) => settleHold(tx, row.id))).toMatchObject({ status: 'done', settledAt: expect.any(Date) });
    expect(await balanceOf(ctx, id)).toBe(600n);
    await expect(inTx((tx) => settleHold(tx, row.id))).rejects.toMatchObject({ statusCode: 409, code: 'ALREADY_HANDLED' });
    await expect(inTx((tx) => releaseHold(tx, row.id))).rejects.toMatchObject({ code: 'ALREADY_HANDLED' });
    expect(await balanceOf(ctx, id)).toBe(600n);
  });

  it('hold → releaseHold: the row becomes rejected, stops counting, and the balance is restored', async () => {
    const id = await userWith(1000n);
    const row = await inTx((tx) => hold(tx, move(id, 1000n, 'id_create', 'user_id')));
    expect(await balanceOf(ctx, id)).toBe(0n);
    expect(await inTx((tx) => releaseHold(tx, row.id))).toMatchObject({ status: 'rejected' });
    expect(await balanceOf(ctx, id)).toBe(1000n);
    expect(await ledgerInvariant(ctx.db, id)).toMatchObject({ counted: 1000n, ok: true });
  });

  it('money rule 10: a cancel ends a hold or a pending credit `cancelled`, once; the hold returns exactly once', async () => {
    const id = await userWith(1000n);
    const held = await inTx((tx) => hold(tx, move(id, 300n, 'withdrawal', 'withdrawal')));
    const topUp = await inTx((tx) => pendingCredit(tx, move(id, 500n, 'add_funds', 'bill')));
    expect(await inTx((tx) => releaseHold(tx, held.id, 'cancelled'))).toMatchObject({ status: 'cancelled' });
    expect(await inTx((tx) => rejectCredit(tx, topUp.id, 'cancelled'))).toMatchObject({ status: 'cancelled', balanceAfter: null });
    expect(await balanceOf(ctx, id)).toBe(1000n);
    // A second release (a staff reject racing the cancel, say) finds nothing pending: no second refund.
    await expect(inTx((tx) => releaseHold(tx, held.id))).rejects.toMatchObject({ code: 'ALREADY_HANDLED' });
    await expect(inTx((tx) => settleCredit(tx, topUp.id))).rejects.toMatchObject({ code: 'ALREADY_HANDLED' });
    expect(await balanceOf(ctx, id)).toBe(1000n);
    expect(await ledgerInvariant(ctx.db, id)).toMatchObject({ counted: 1000n, ok: true });
  });

  it('pendingCredit → settleCredit / rejectCredit; credit-only and debit-only functions refuse the other sign', async () => {
    const id = await userWith(0n);
    const a = await inTx((tx) => pendingCredit(tx, move(id, 250n, 'add_funds', 'bill')));
    const b = await inTx((tx) => pendingCredit(tx, move(id, 70n, 'add_funds', 'bill')));
    expect(await balanceOf(ctx, id)).toBe(0n);
    // A credit is not a hold: settleHold/releaseHold do not touch it.
    await expect(inTx((tx) => settleHold(tx, a.id))).rejects.toMatchObject({ code: 'ALREADY_HANDLED' });
    await expect(inTx((tx) => releaseHold(tx, a.id))).rejects.toMatchObject({ code: 'ALREADY_HANDLED' });

    expect(await inTx((tx) => settleCredit(tx, a.id))).toMatchObject({ status: 'done', balanceAfter: 250n });
    expect(await inTx((tx) => rejectCredit(tx, b.id))).toMatchObject({ status: 'rejected', balanceAfter: null });
    expect(await balanceOf(ctx, id)).toBe(250n);
    await expect(inTx((tx) => settleCredit(tx, b.id))).rejects.toMatchObject({ code: 'ALREADY_HANDLED' });
  });

  it('debit never overdraws; a failed step rolls back everything in its transaction', async () => {
    const id = await userWith(500n);
    await expect(inTx((tx) => debit(tx, move(id, 501n, 'admin_withdrawal', 'manual')))).rejects.toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
    });
    // Two holds in one transaction, the second too large: the first is undone with it.
    await expect(
      inTx(async (tx) => {
        await hold(tx, move(id, 300n));
        await hold(tx, move(id, 300n));
      }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
    expect(await balanceOf(ctx, id)).toBe(500n);
    expect(await inTx((tx) => debit(tx, move(id, 500n, 'admin_withdrawal', 'manual')))).toMatchObject({ balanceAfter: 0n });
  });

  it('amounts must be positive: the sign is the function’s business', async () => {
    const id = await userWith(10n);
    await expect(inTx((tx) => credit(tx, move(id, 0n)))).rejects.toThrow(/positive/);
    await expect(inTx((tx) => hold(tx, move(id, -5n)))).rejects.toThrow(/positive/);
  });

  it('the database itself refuses a negative balance (CHECK constraint)', async () => {
    const id = await userWith(10n);
    await expect(ctx.db.update(users).set({ balance: sql`${users.balance} - 11` }).where(eq(users.id, id))).rejects.toThrow();
    expect(await balanceOf(ctx, id)).toBe(10n);
  });
});
