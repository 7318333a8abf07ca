import { describe, expect, it } from 'vitest';
import { upiPayUri } from './upi-pay';

describe('upiPayUri', () => {
  it('names the payee URL-encoded and the amount with two decimals (issue 17)', () => {
    expect(upiPayUri({ upiId: 'desk@okbank', payee: 'ID Desk & Co', amount: '1,500.5' })).toBe(
      'upi://pay?pa=desk@okbank&pn=ID%20Desk%20%26%20Co&am=1500.50&cu=INR',
    );
  });

  it('leaves the amount out until a valid one above zero is typed', () => {
    for (const amount of [undefined, '', 'abc', '1.234', '0', '0.00']) {
      expect(upiPayUri({ upiId: 'desk@okbank', payee: 'Desk', amount }), String(amount)).toBe(
        'upi://pay?pa=desk@okbank&pn=Desk&cu=INR',
      );
    }
  });
});
