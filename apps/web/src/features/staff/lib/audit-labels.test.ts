import { describe, expect, it } from 'vitest';
import { auditActionLabel, auditChanges, auditObjectHref } from './audit-labels';

describe('audit labels', () => {
  it('names actions in words, and keeps an unknown one as stored', () => {
    expect(auditActionLabel('bill.approve')).toBe('Bill approved');
    expect(auditActionLabel('balance.deposit')).toBe('Balance manual deposit');
    expect(auditActionLabel('user.block')).toBe('User blocked');
    expect(auditActionLabel('something.odd')).toBe('something.odd');
  });

  it('links the objects that have a staff page', () => {
    expect(auditObjectHref('id_request', '7')).toBe('/admin/requests/7');
    expect(auditObjectHref('user_id', '3')).toBe('/admin/new_ids/3');
    expect(auditObjectHref('setting', 'marque')).toBeNull();
    expect(auditObjectHref('bill', null)).toBeNull();
  });

  it('lists only the fields that changed', () => {
    expect(auditChanges({ status: 'pending' }, { status: 'approved', amount: '10.00' })).toEqual([
      { field: 'status', from: 'pending', to: 'approved' },
      { field: 'amount', from: '—', to: '10.00' },
    ]);
    expect(auditChanges({ role: 'cashier', name: 'A' }, { role: 'owner', name: 'A' })).toEqual([
      { field: 'role', from: 'cashier', to: 'owner' },
    ]);
  });
});
