import { afterEach, describe, expect, it } from 'vitest';
import { playSound, readPreference, SOUND_PREFERENCE_KEY, setSoundPreference } from './sound';

afterEach(() => localStorage.clear());

describe('sounds', () => {
  it('counts every bell and alert on window.__iddeskSounds, with or without audio', () => {
    const before = {
      bell: window.__iddeskSounds?.bell ?? 0,
      alert: window.__iddeskSounds?.alert ?? 0,
    };
    playSound('bell');
    playSound('bell');
    playSound('alert');
    expect(window.__iddeskSounds).toEqual({ bell: before.bell + 2, alert: before.alert + 1 });
  });

  it('remembers the choice, and plays nothing when sounds are off (but the test button may)', () => {
    expect(readPreference()).toBe('unset');
    setSoundPreference('off');
    expect(localStorage.getItem(SOUND_PREFERENCE_KEY)).toBe('off');
    const before = window.__iddeskSounds?.alert ?? 0;
    playSound('alert');
    expect(window.__iddeskSounds?.alert ?? 0).toBe(before);
    playSound('alert', { force: true });
    expect(window.__iddeskSounds!.alert).toBe(before + 1);
    setSoundPreference('on');
    expect(readPreference()).toBe('on');
  });
});
