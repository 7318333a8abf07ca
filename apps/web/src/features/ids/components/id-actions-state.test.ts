import { describe, expect, it } from 'vitest';
import { closingReason, idActionState } from './id-actions-state';

describe('idActionState', () => {
  it('opens every action on an active ID', () => {
    for (const action of ['deposit', 'withdraw', 'close', 'change_password'] as const) {
      expect(idActionState({ status: 'active' }, action)).toEqual({ enabled: true });
    }
  });

  it.each([
    ['pending', /once the desk approves/],
    ['rejected', /rejected/],
    ['closed', /closed/],
  ] as const)('closes every action on a %s ID, with the reason', (status, reason) => {
    const state = idActionState({ status }, 'deposit');
    expect(state.enabled).toBe(false);
    if (!state.enabled) expect(state.reason).toMatch(reason);
  });

  it('allows one waiting password change at a time, but any number of deposits', () => {
    const userId = {
      status: 'active' as const,
      pending_request_types: ['change_password' as const, 'deposit' as const],
    };
    expect(idActionState(userId, 'change_password')).toEqual({
      enabled: false,
      reason: 'A password change is already waiting for the desk.',
    });
    expect(idActionState(userId, 'deposit')).toEqual({ enabled: true });
    expect(idActionState(userId, 'close')).toEqual({ enabled: true });
  });

  it('pauses every action while a close waits, saying why (money rule 9)', () => {
    const userId = { status: 'active' as const, pending_request_types: ['close' as const] };
    for (const action of ['deposit', 'withdraw', 'close', 'change_password'] as const) {
      expect(idActionState(userId, action)).toEqual({ enabled: false, reason: closingReason() });
    }
    expect(closingReason()).toMatch(/paused: your request to close this ID is waiting/);
  });
});
