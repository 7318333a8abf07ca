import type { AuditEntry } from '@iddesk/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../../lib/i18n';
import { auditActionLabel, auditChanges, auditObjectHref, auditText } from './audit-labels';

type Context = Partial<Pick<AuditEntry, 'action' | 'object_type' | 'object_id' | 'refs'>>;

/** The entry's changed lines as staff read them: label, from, to (and the links). */
const read = (before: unknown, after: unknown, context: Context = {}) =>
  auditChanges({ action: 'x.update', object_type: 'x', object_id: null, ...context, before, after }).map((line) => ({
    field: line.field,
    label: line.label,
    from: auditText(line.from),
    to: auditText(line.to),
  }));
const links = (before: unknown, after: unknown, context: Context) =>
  auditChanges({ action: 'x.update', object_type: 'x', object_id: null, ...context, before, after }).flatMap((line) =>
    [...line.from, ...line.to].filter((p) => p.href).map((p) => [p.text, p.href]),
  );

afterEach(() => activateLocale('en'));

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
    expect(read({ status: 'pending' }, { status: 'approved', amount: '1500.00' })).toEqual([
      { field: 'status', label: 'Status', from: 'Pending', to: 'Approved' },
      { field: 'amount', label: 'Amount', from: '—', to: '₹1,500.00' },
    ]);
    expect(read({ role: 'cashier', name: 'A' }, { role: 'owner', name: 'A' })).toEqual([
      { field: 'role', label: 'Role', from: 'Cashier', to: 'Owner' },
    ]);
    expect(read({ is_blocked: false }, { is_blocked: true })).toEqual([
      { field: 'is_blocked', label: 'Blocked', from: 'No', to: 'Yes' },
    ]);
  });

  it('issue 51: a flagged payment approved with a reason reads its flags and the payments approved before it in words', () => {
    const confirmed = {
      flags: ['reference_approved', 'look_alike'],
      approved_elsewhere: [{ type: 'bill', id: 12 }, { type: 'user_id', id: 3 }],
    };
    const after = { status: 'approved', comment: 'Two transfers on the statement', reused_proof_confirmed: confirmed };
    expect(read({ status: 'pending' }, after, { action: 'bill.approve', object_type: 'bill', object_id: '1' }).slice(1)).toEqual([
      { field: 'comment', label: 'Comment', from: '—', to: 'Two transfers on the statement' },
      { field: 'reused_proof_confirmed.flags', label: 'Flag confirmed › flagged for', from: '—', to: 'UTR already approved, Look-alike screenshot' },
      { field: 'reused_proof_confirmed.approved_elsewhere', label: 'Flag confirmed › approved elsewhere', from: '—', to: 'Bill #12, New ID #3' },
    ]);
  });

  it('names nested fields one a line, and reads an older entry’s camelCase field as the same name', () => {
    const limits = { add_funds: { min: '100.00', max: '200000.00' }, daily_payout: '200000.00' };
    expect(
      read({ money_limits: limits }, { money_limits: { ...limits, add_funds: { min: '150.00', max: '200000.00' } } }),
    ).toEqual([{ field: 'money_limits.add_funds.min', label: 'Money limits › add funds › minimum', from: '₹100.00', to: '₹150.00' }]);
    expect(read({ upiId: 'a@ok', isActive: true }, { upiId: 'b@ok', isActive: true })).toEqual([
      { field: 'upiId', label: 'UPI ID', from: 'a@ok', to: 'b@ok' },
    ]);
    // A field nobody named yet still reads, in words.
    expect(read(null, { odd_new_field: 'x' })).toEqual([
      { field: 'odd_new_field', label: 'Odd new field', from: '—', to: 'x' },
    ]);
  });

  it('issue 56: an approval reads as people would say it, not as the database stores it', () => {
    const bill = {
      action: 'bill.approve',
      object_type: 'bill',
      object_id: '12',
      refs: { users: { '6': 'Asha Verma' } },
    };
    expect(read({ status: 'pending' }, { status: 'approved', user_id: 6, amount: '300.00', balance_after: '5300.00' }, bill)).toEqual([
      { field: 'status', label: 'Status', from: 'Pending', to: 'Approved' },
      { field: 'user_id', label: 'Customer', from: '—', to: 'Asha Verma' },
      { field: 'amount', label: 'Amount', from: '—', to: '₹300.00' },
      { field: 'balance_after', label: 'Balance after', from: '—', to: '₹5,300.00' },
    ]);
    // The customer links to their page.
    expect(links(null, { user_id: 6 }, bill)).toEqual([['Asha Verma', '/admin/users/6']]);
    // A customer whose name could not be read still reads as a customer, not a bare number.
    expect(read(null, { user_id: 9 }, { ...bill, refs: {} })).toEqual([
      { field: 'user_id', label: 'Customer', from: '—', to: 'Customer #9' },
    ]);
  });

  it('issue 56: request types, ways to pay, IDs, ledger entries, other payments and files in words', () => {
    const request = {
      action: 'id_request.approve',
      object_type: 'id_request',
      object_id: '4',
      refs: { user_ids: { '3': { service: 'Lotus Exchange', username: 'asha_play' } } },
    };
    expect(read(null, { type: 'change_password', pay_from: 'wallet', user_id_id: 3 }, request)).toEqual([
      { field: 'type', label: 'Type', from: '—', to: 'Password change' },
      { field: 'pay_from', label: 'Paid from', from: '—', to: 'Wallet' },
      { field: 'user_id_id', label: 'ID', from: '—', to: 'Lotus Exchange · @asha_play' },
    ]);
    const deposit = {
      action: 'balance.deposit',
      object_type: 'user',
      object_id: '6',
      refs: { transactions: { '10': { description: 'Deposit by staff: refund', amount: '250.00' } } },
    };
    expect(read(null, { transaction_id: 10 }, deposit)).toEqual([
      { field: 'transaction_id', label: 'Ledger entry', from: '—', to: 'Deposit by staff: refund, ₹250.00' },
    ]);
    expect(links(null, { transaction_id: 10 }, deposit)).toEqual([
      ['Deposit by staff: refund, ₹250.00', '/admin/users/6/transactions'],
    ]);
    // A reused reference's confirmation: the payments it was approved on, as links; none as "None".
    const confirmed = (approved: unknown[]) => ({ reused_proof_confirmed: { comment: 'Bank shows two', approved_elsewhere: approved } });
    expect(read(null, confirmed([{ type: 'bill', id: 5 }, { type: 'user_id', id: 2 }]), request)).toEqual([
      { field: 'reused_proof_confirmed.comment', label: 'Flag confirmed › comment', from: '—', to: 'Bank shows two' },
      { field: 'reused_proof_confirmed.approved_elsewhere', label: 'Flag confirmed › approved elsewhere', from: '—', to: 'Bill #5, New ID #2' },
    ]);
    expect(links(null, confirmed([{ type: 'bill', id: 5 }]), request)).toEqual([['Bill #5', '/admin/bills/5']]);
    expect(read(null, confirmed([]), request).at(-1)?.to).toBe('None');
    // A payout screenshot: a link to the withdrawal's page, never a file name.
    const payout = read(null, { payout_proof_key: '0123456789abcdef0123456789abcdef.webp' }, { action: 'withdrawal.approve', object_type: 'withdrawal', object_id: '8' });
    expect(payout).toEqual([{ field: 'payout_proof_key', label: 'Payout screenshot', from: '—', to: 'Screenshot (on the withdrawal’s page)' }]);
    // A rejection's comment is its reason.
    expect(read(null, { comment: 'Wrong UTR' }, { action: 'bill.reject' })[0]?.label).toBe('Reason');
  });

  it('issue 56: the same entry reads in Hindi', async () => {
    await activateLocale('hi');
    const lines = read(
      { status: 'pending' },
      { status: 'approved', user_id: 6, type: 'deposit', approved_elsewhere: [] },
      { action: 'id_request.approve', object_type: 'id_request', object_id: '4', refs: { users: { '6': 'Asha Verma' } } },
    );
    expect(lines.map((l) => l.to)).toEqual(['मंज़ूर', 'Asha Verma', expect.not.stringMatching(/deposit/), 'कोई नहीं']);
    expect(lines.map((l) => l.label).join(' ')).not.toMatch(/[A-Za-z]{3,}/);
  });
});
