import { describe, expect, it } from 'vitest';
import {
  CatalogueItemBodySchema,
  ChangePasswordRequestBodySchema,
  CreateUserIdBodySchema,
  DepositBodySchema,
  HandleRequestBodySchema,
  IDS_API,
  UsernameSchema,
} from '../src';
import { fieldsOf } from './fields-of';

describe('IDs contract', () => {
  it('usernames: 3–32 letters, digits, dots, underscores, hyphens; no spaces', () => {
    expect(UsernameSchema.parse('  lucky_player.7-x ')).toBe('lucky_player.7-x');
    for (const bad of ['ab', 'a'.repeat(33), 'my name', 'émile', 'a@b']) {
      expect(UsernameSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('create from the wallet needs no payment fields; by payment it needs type and reference', () => {
    expect(CreateUserIdBodySchema.parse({ username: 'abc', amount: '500', pay_from: 'wallet', payment_type_id: '', reference: '' })).toEqual({
      username: 'abc',
      amount: 50000n,
      pay_from: 'wallet',
    });
    expect(fieldsOf(CreateUserIdBodySchema.safeParse({ username: 'abc', amount: '500', pay_from: 'payment' }))).toEqual([
      'payment_type_id',
      'reference',
    ]);
    expect(fieldsOf(DepositBodySchema.safeParse({ amount: '-1', pay_from: 'cash' }))).toEqual(['amount', 'pay_from']);
  });

  it('catalogue form: website normalised to https, demo access needs both halves, is_active as form text', () => {
    const parsed = CatalogueItemBodySchema.parse({ name: ' Lotus ', website: 'lotus.example.com', min_deposit: '100', is_active: 'false' });
    expect(parsed).toMatchObject({ name: 'Lotus', website: 'https://lotus.example.com/', min_deposit: 10000n, is_active: false });
    expect(fieldsOf(CatalogueItemBodySchema.safeParse({ name: 'X', website: 'http://x.example.com', min_deposit: '1', demo_password: 'p' }))).toEqual([
      'demo_login',
      'website',
    ]);
  });

  it('handle: amount may be 0 (closing an empty ID), never negative; password wish is optional', () => {
    expect(HandleRequestBodySchema.parse({ action: 'approve', amount: '0' })).toEqual({ action: 'approve', amount: 0n });
    expect(HandleRequestBodySchema.parse({ action: 'reject', amount: '' })).toEqual({ action: 'reject' });
    expect(fieldsOf(HandleRequestBodySchema.safeParse({ action: 'maybe', amount: '-5' }))).toEqual(['action', 'amount']);
    expect(ChangePasswordRequestBodySchema.parse({})).toEqual({});
  });

  it('API paths give the server its patterns and the client its URLs', () => {
    expect(IDS_API.idCreate(':id')).toBe('/ids/:id/create');
    expect(IDS_API.adminRequestHandle(12)).toBe('/admin/requests/12/handle');
  });
});
