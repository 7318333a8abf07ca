import { describe, expect, it } from 'vitest';
import {
  ApproveUserIdFormSchema,
  approveRequestSchema,
  generatePassword,
} from './id-approve-schemas';

const messages = (result: {
  error?: { issues: { path: PropertyKey[]; message: string }[] } | undefined;
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('ApproveUserIdFormSchema', () => {
  it('needs an amount, a login and a password', () => {
    expect(
      messages(ApproveUserIdFormSchema.safeParse({ amount: '', login: ' ', password: '' })),
    ).toEqual({
      amount: 'Enter the amount.',
      login: 'Enter the login.',
      password: 'Enter the password.',
    });
  });
  it('sends the amount in the wire format and trims the credentials', () => {
    expect(
      ApproveUserIdFormSchema.parse({ amount: '1,500', login: ' rahul ', password: ' pw1 ' }),
    ).toEqual({ amount: '1500.00', login: 'rahul', password: 'pw1' });
  });
});

describe('approveRequestSchema', () => {
  const empty = { amount: '', password: '' };

  it('approves a deposit with nothing more', () => {
    expect(approveRequestSchema('deposit').parse(empty)).toEqual({ action: 'approve' });
  });

  it('needs a confirmed amount above zero for a withdrawal', () => {
    expect(messages(approveRequestSchema('withdraw').safeParse({ ...empty, amount: '0' }))).toEqual(
      { amount: 'The amount must be greater than zero.' },
    );
    expect(approveRequestSchema('withdraw').parse({ ...empty, amount: '250.5' })).toEqual({
      action: 'approve',
      amount: '250.50',
    });
  });

  it('lets a close confirm zero, but not nothing', () => {
    expect(approveRequestSchema('close').parse({ ...empty, amount: '0' })).toEqual({
      action: 'approve',
      amount: '0.00',
    });
    expect(messages(approveRequestSchema('close').safeParse(empty)).amount).toMatch(
      /0 if it is empty/,
    );
    expect(
      messages(approveRequestSchema('close').safeParse({ ...empty, amount: '-1' })).amount,
    ).toMatch(/0 or more/);
  });

  it('needs the new password for a password change', () => {
    expect(messages(approveRequestSchema('change_password').safeParse(empty))).toEqual({
      password: 'Enter the new password.',
    });
    expect(approveRequestSchema('change_password').parse({ ...empty, password: ' n3w ' })).toEqual({
      action: 'approve',
      password: 'n3w',
    });
  });
});

describe('generatePassword', () => {
  it('makes 12 characters without look-alikes, different each time', () => {
    const a = generatePassword();
    expect(a).toMatch(/^[A-HJ-NP-Za-km-z2-9]{12}$/);
    expect(generatePassword()).not.toBe(a);
  });
});

describe('approveRequestSchema of a flagged deposit (issue 16)', () => {
  it('asks why, and sends the reason with confirm_reused', () => {
    const schema = approveRequestSchema('deposit', true);
    const missing = schema.safeParse({ amount: '', password: '', comment: '  ' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.path).toEqual(['comment']);
    expect(schema.parse({ amount: '', password: '', comment: ' Bank confirmed ' })).toEqual({
      action: 'approve',
      confirm_reused: true,
      comment: 'Bank confirmed',
    });
    // A clean deposit sends no confirmation, whatever the field holds.
    expect(
      approveRequestSchema('deposit').parse({ amount: '', password: '', comment: 'x' }),
    ).toEqual({
      action: 'approve',
    });
  });
});
