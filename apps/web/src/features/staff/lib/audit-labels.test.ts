import { describe, expect, it } from 'vitest';
import { auditActionLabel, auditChanges, auditObjectHref } from './audit-labels';

describe('audit labels', () => {
  it('names actions in words, and keeps an unknown one as stored', () => {
    expect(auditActionLabel('bill.approve')).toBe('Bill approved');
    expect(auditActionLabel('balance.deposit')).toBe('Balance credited by hand');
    expect(auditActionLabel('user.block')).toBe('User blocked');
    expect(auditActionLabel('settings.update')).toBe('Settings changed');
    expect(auditActionLabel('withdrawal.cancel')).toBe('Withdrawal cancelled by the customer');
    expect(auditActionLabel('payment_type.deactivate')).toBe('Payment type deactivated');
    expect(auditActionLabel('staff.reset_second_factor')).toBe('Staff second factor reset');
    expect(auditActionLabel('something.odd')).toBe('something.odd');
  });

  it('links the objects that have a staff page', () => {
    expect(auditObjectHref('id_request', '7')).toBe('/admin/requests/7');
    expect(auditObjectHref('user_id', '3')).toBe('/admin/new_ids/3');
    expect(auditObjectHref('setting', 'marque')).toBeNull();
    expect(auditObjectHref('bill', null)).toBeNull();
  });

  it('lists only the fields that changed, in words: statuses, amounts in rupees, yes and no', () => {
    expect(auditChanges({ status: 'pending' }, { status: 'approved', amount: '1500.00' })).toEqual([
      { field: 'status', label: 'Status', from: 'Pending', to: 'Approved' },
      { field: 'amount', label: 'Amount', from: '—', to: '₹1,500.00' },
    ]);
    expect(auditChanges({ role: 'cashier', name: 'A' }, { role: 'owner', name: 'A' })).toEqual([
      { field: 'role', label: 'Role', from: 'Cashier', to: 'Owner' },
    ]);
    expect(auditChanges({ is_blocked: false }, { is_blocked: true })).toEqual([
      { field: 'is_blocked', label: 'Blocked', from: 'No', to: 'Yes' },
    ]);
  });

  it('issue 51: a flagged payment approved with a reason reads its flags and the payments approved before it in words', () => {
    const confirmed = {
      flags: ['reference_approved', 'look_alike'],
      approved_elsewhere: [{ type: 'bill', id: 12 }, { type: 'user_id', id: 3 }],
    };
    const after = { status: 'approved', comment: 'Two transfers on the statement', reused_proof_confirmed: confirmed };
    expect(auditChanges({ status: 'pending' }, after).slice(1)).toEqual([
      { field: 'comment', label: 'Comment', from: '—', to: 'Two transfers on the statement' },
      { field: 'reused_proof_confirmed.flags', label: 'Flag confirmed › flagged for', from: '—', to: 'UTR already approved, Look-alike screenshot' },
      { field: 'reused_proof_confirmed.approved_elsewhere', label: 'Flag confirmed › approved elsewhere', from: '—', to: 'Bill #12, New ID #3' },
    ]);
  });

  it('names nested fields one a line, and reads an older entry’s camelCase field as the same name', () => {
    const limits = { add_funds: { min: '100.00', max: '200000.00' }, daily_payout: '200000.00' };
    expect(
      auditChanges({ money_limits: limits }, { money_limits: { ...limits, add_funds: { min: '150.00', max: '200000.00' } } }),
    ).toEqual([{ field: 'money_limits.add_funds.min', label: 'Money limits › add funds › minimum', from: '₹100.00', to: '₹150.00' }]);
    expect(auditChanges({ upiId: 'a@ok', isActive: true }, { upiId: 'b@ok', isActive: true })).toEqual([
      { field: 'upiId', label: 'UPI ID', from: 'a@ok', to: 'b@ok' },
    ]);
    // A field nobody named yet still reads, in words.
    expect(auditChanges(null, { odd_new_field: 'x' })).toEqual([
      { field: 'odd_new_field', label: 'Odd new field', from: '—', to: 'x' },
    ]);
  });
});
