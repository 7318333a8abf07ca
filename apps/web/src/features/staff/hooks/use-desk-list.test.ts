import { describe, expect, it } from 'vitest';
import { apiQueryOf, readFilter, readSort, withParams } from './use-desk-list';
import { listSearch } from './use-queue-nav';

describe('the desk list URL', () => {
  it('reads the filters the API knows, trimmed, and drops empty and unknown ones', () => {
    const params = new URLSearchParams(
      'customer=%20asha%20&amount_min=10&reference=&payment_type_id=3&foo=bar&page=2&sort=newest',
    );
    expect(readFilter(params)).toEqual({
      customer: 'asha',
      amount_min: '10',
      payment_type_id: '3',
    });
    expect(apiQueryOf(params)).toEqual({
      customer: 'asha',
      amount_min: '10',
      payment_type_id: '3',
      sort: 'newest',
    });
  });

  it('takes only oldest or newest as an order', () => {
    expect(readSort(new URLSearchParams('sort=oldest'))).toBe('oldest');
    expect(readSort(new URLSearchParams('sort=random'))).toBeUndefined();
  });

  it('changes one parameter and keeps the others; page 1 is left out', () => {
    const params = new URLSearchParams('tab=done&customer=asha&page=3');
    expect(withParams('/admin/new_ids', params, { page: '1' })).toBe(
      '/admin/new_ids?tab=done&customer=asha',
    );
    expect(withParams('/admin/new_ids', params, { customer: undefined, page: '2' })).toBe(
      '/admin/new_ids?tab=done&page=2',
    );
    expect(withParams('/admin/bills_pending', new URLSearchParams(), {})).toBe(
      '/admin/bills_pending',
    );
  });

  it('an item link carries the list’s filters and order, not its page or tab', () => {
    expect(listSearch('?customer=asha&page=4&tab=done&sort=newest')).toBe(
      '?customer=asha&sort=newest',
    );
    expect(listSearch('?page=2')).toBe('');
  });
});
