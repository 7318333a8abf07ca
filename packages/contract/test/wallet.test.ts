import { describe, expect, it } from 'vitest';
import {
  AddFundsBodySchema,
  AdminUsersFilterSchema,
  PaymentTypeBodySchema,
  PendingPageQuerySchema,
  WALLET_API,
  WithdrawBodySchema,
} from '../src';
import { fieldsOf } from './fields-of';

describe('wallet contract', () => {
  it('add funds reads form strings: amount to minor units, id to a number, blanks as missing', () => {
    expect(AddFundsBodySchema.parse({ amount: '10.5', payment_type_id: '7', reference: ' UTR1 ' })).toEqual({
      amount: 1050n,
      payment_type_id: 7,
      reference: 'UTR1',
    });
    expect(fieldsOf(AddFundsBodySchema.safeParse({ amount: '', payment_type_id: '', reference: '' }))).toEqual([
      'amount',
      'payment_type_id',
      'reference',
    ]);
  });

  it('withdraw needs the destination of its method, and reports every missing field at once', () => {
    expect(WithdrawBodySchema.safeParse({ amount: 1, method: 'upi', upi_id: 'me@okaxis', ifsc: '' }).success).toBe(true);
    expect(fieldsOf(WithdrawBodySchema.safeParse({ amount: '1.001', method: 'bank' }))).toEqual([
      'account_holder',
      'account_number',
      'amount',
      'ifsc',
    ]);
    expect(WithdrawBodySchema.parse({ amount: '5', method: 'bank', account_holder: 'A B', account_number: '1234 5678 9012', ifsc: 'sbin0001234' })).toMatchObject({
      account_number: '123456789012',
      ifsc: 'SBIN0001234',
    });
  });

  it('payment type booleans come from form strings', () => {
    expect(PaymentTypeBodySchema.parse({ name: 'GPay', kind: 'upi', upi_id: 'a@ok', is_active: 'false', remove_qr: '1' })).toMatchObject({
      is_active: false,
      remove_qr: true,
    });
  });

  it('pending flag and user filter', () => {
    expect(PendingPageQuerySchema.parse({ pending: '0' })).toEqual({ page: 1, perPage: 15, pending: false });
    expect(PendingPageQuerySchema.parse({})).toEqual({ page: 1, perPage: 15 });
    expect(AdminUsersFilterSchema.parse({ search: '  ', blocked: null })).toEqual({});
  });

  it('id paths serve the client (numbers) and the server (":id")', () => {
    expect(WALLET_API.adminBillApprove(5)).toBe('/admin/bills/5/approve');
    expect(WALLET_API.adminBillApprove(':id')).toBe('/admin/bills/:id/approve');
  });
});
