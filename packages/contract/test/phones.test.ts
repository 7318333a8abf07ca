import { describe, expect, it } from 'vitest';
import { formatPhoneNumber, normalisePhoneNumber, PhoneSchema, translate } from '../src';

describe('phone numbers (issue 17): any common spelling, stored one way', () => {
  it.each([
    '9876543210',
    '98765 43210',
    '098765-43210',
    '+91 98765 43210',
    '+91-98765-43210',
    '919876543210',
    '+91 (0) 98765 43210',
    '0091 98765 43210',
    ' (98765) 43210 ',
  ])('%j is +919876543210', (spelling) => {
    expect(normalisePhoneNumber(spelling)).toBe('+919876543210');
    expect(PhoneSchema.parse(spelling)).toBe('+919876543210');
  });

  it('keeps other countries’ numbers with their code as +<digits>', () => {
    expect(normalisePhoneNumber('+44 7911 123456')).toBe('+447911123456');
    expect(normalisePhoneNumber('00 1 415 555 2671')).toBe('+14155552671');
  });

  it.each(['12345', '447911123456', '98765', '+1234', 'call me', '98765 43210 ext 4'])('refuses %j', (bad) => {
    expect(normalisePhoneNumber(bad)).toBeNull();
    expect(PhoneSchema.safeParse(bad).error?.issues[0]?.message).toBe(translate('validation.phone.invalid'));
  });

  it('shows Indian numbers one way, others as stored', () => {
    expect(formatPhoneNumber('+919876543210')).toBe('+91 98765 43210');
    expect(formatPhoneNumber('+447911123456')).toBe('+447911123456');
  });
});
