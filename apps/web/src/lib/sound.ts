import { useSyncExternalStore } from 'react';

/**
 * Short sounds made with the Web Audio API (no files): a bell for the customer's new
 * notifications, a two-tone alert for the admin's new queue items (docs/product.md#notifications-and-sounds).
 *
 * Browsers start audio only after the page has been clicked or typed in; until then a sound
 * is silently dropped. `installAudioUnlock` resumes audio on the first gesture, and the
 * admin's "Got it!" in the sound dialog is such a gesture on purpose.
 */
export type SoundName = 'bell' | 'alert';
export type SoundPreference = 'on' | 'off' | 'unset';

declare global {
  interface Window {
    /**
     * How many times each sound was triggered (played or, before any gesture, attempted).
     * A plain counter: end-to-end tests read it, and it costs nothing in production.
     */
    __iddeskSounds?: Record<SoundName, number>;
    webkitAudioContext?: typeof AudioContext;
  }
}

export const SOUND_PREFERENCE_KEY = 'iddesk.sound';

let context: AudioContext | null = null;

function audioContextClass(): typeof AudioContext | null {
  if (typeof window === 'undefined') return null;
  return window.AudioContext ?? window.webkitAudioContext ?? null;
}

/** The page has been clicked or typed in (where the browser tells us). */
function hasGesture(): boolean {
  const activation = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } })
    .userActivation;
  return activation ? activation.hasBeenActive : true;
}

function audio(): AudioContext | null {
  if (context) return context;
  const Ctx = audioContextClass();
  // Creating one before any gesture only earns a console warning and a suspended context.
  if (!Ctx || !hasGesture()) return null;
  try {
    context = new Ctx();
  } catch {
    return null;
  }
  return context;
}

/** Call from a click or key handler: makes later sounds audible. */
export function unlockAudio(): void {
  const ctx = audio();
  if (ctx && ctx.state === 'suspended') void ctx.resume().catch(() => {});
}

/** Resume audio on the first click or key press anywhere. Returns a function that removes it. */
export function installAudioUnlock(): () => void {
  const events = ['pointerdown', 'keydown'] as const;
  const onGesture = () => {
    if (readPreference() === 'off') return;
    unlockAudio();
    if (context?.state === 'running') remove();
  };
  const remove = () => events.forEach((e) => window.removeEventListener(e, onGesture, true));
  events.forEach((e) => window.addEventListener(e, onGesture, true));
  return remove;
}

type Tone = {
  frequency: number;
  start: number;
  duration: number;
  gain: number;
  type: OscillatorType;
};

/** A struck bell: a fundamental and two inharmonic partials, decaying. */
const BELL: Tone[] = [
  { frequency: 880, start: 0, duration: 1.4, gain: 0.22, type: 'sine' },
  { frequency: 880 * 2.76, start: 0, duration: 0.7, gain: 0.07, type: 'sine' },
  { frequency: 880 * 5.4, start: 0, duration: 0.3, gain: 0.03, type: 'sine' },
];

/** Two rising beeps: clearly "something needs you", distinct from the bell. */
const ALERT: Tone[] = [
  { frequency: 660, start: 0, duration: 0.16, gain: 0.16, type: 'triangle' },
  { frequency: 990, start: 0.2, duration: 0.22, gain: 0.16, type: 'triangle' },
];

function play(ctx: AudioContext, tones: Tone[]) {
  const now = ctx.currentTime;
  for (const tone of tones) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = tone.type;
    osc.frequency.value = tone.frequency;
    const start = now + tone.start;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(tone.gain, start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + tone.duration);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start);
    osc.stop(start + tone.duration + 0.05);
  }
}

/** Play a sound unless sounds are turned off (`force`: the dialog's test button); never throws. */
export function playSound(name: SoundName, { force = false }: { force?: boolean } = {}): void {
  if (typeof window === 'undefined' || (!force && readPreference() === 'off')) return;
  const counts = (window.__iddeskSounds ??= { bell: 0, alert: 0 });
  counts[name] += 1;
  const ctx = audio();
  if (!ctx) return;
  try {
    if (ctx.state === 'suspended') void ctx.resume().catch(() => {});
    play(ctx, name === 'bell' ? BELL : ALERT);
  } catch {
    // Audio is a courtesy; the toast and badges carry the news.
  }
}

/* ---------- the remembered choice ---------- */

const listeners = new Set<() => void>();

export function readPreference(): SoundPreference {
  try {
    const value = window.localStorage.getItem(SOUND_PREFERENCE_KEY);
    return value === 'on' || value === 'off' ? value : 'unset';
  } catch {
    return 'unset';
  }
}

export function setSoundPreference(value: 'on' | 'off'): void {
  try {
    window.localStorage.setItem(SOUND_PREFERENCE_KEY, value);
  } catch {
    // Storage disabled: the choice lasts for this page.
  }
  if (value === 'on') unlockAudio();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === SOUND_PREFERENCE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** 'unset' until the admin answers the sound dialog; sounds play unless it is 'off'. */
export function useSoundPreference(): SoundPreference {
  return useSyncExternalStore(subscribe, readPreference, () => 'unset');
}
