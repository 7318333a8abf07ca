import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { LIVE_EVENT, type LiveEventName } from '@iddesk/contract';
import type { ChangeFeed } from '../../db/change-feed';

/** Events kept for a reconnect (`Last-Event-ID`); an older position gets `resync`. */
export const REPLAY_EVENTS = 4096;
/** Every stream gets a line this often, so proxies and browsers keep it open (nginx: 60 s). */
export const HEARTBEAT_MS = 25_000;
/** Heartbeats are spread over this many turns of one timer, not sent all at once. */
const HEARTBEAT_TURNS = 25;
/** A stream's session is checked again every this many heartbeats (besides every u:/s: signal). */
const RECHECK_EVERY_BEATS = 4;
/** Bytes a stream may have waiting to be sent before it is dropped (a client that stopped reading). */
const MAX_UNSENT_BYTES = 64 * 1024;

/** Who a stream serves, as its session's check last read it. */
export type StreamCaller = {
  userId: number;
  /** The caller's role may read the staff queues (decision 042): it gets queue events. */
  staff: boolean;
};

/**
 * Checks a stream's session again: the caller now, or null when the session ended, expired or
 * its account was blocked (the stream then closes).
 */
export type Recheck = () => Promise<StreamCaller | null>;

type Stream = StreamCaller & { raw: ServerResponse; recheck: Recheck; beats: number; checking: boolean };

/** An event as the feed told it: for one user's streams, or for staff. */
type Entry = { seq: number; to: number | 'staff'; name: LiveEventName; data: string };

const newEpoch = () => randomBytes(4).toString('hex');

/**
 * The live events of this server (issue 55, decision 042): each signed-in tab holds one
 * server-sent events stream, fed by the change feed every server LISTENs to (db/change-feed.ts),
 * so an event reaches a tab whichever server wrote it. A user's `n:` is a `notification`
 * event, `b:` and `u:` a `balance` event; a queue's `q:` and `h:` a `queue` event for staff.
 * `u:` and `s:` (a block, a session ended) check that user's streams' sessions again and close
 * those that ended.
 *
 * Event ids are `<epoch>.<seq>`: `seq` counts this server's events in the feed's order, and the
 * last REPLAY_EVENTS are kept, so a reconnect with `Last-Event-ID` gets what it missed. An id
 * of another server, of before the feed was lost (a new epoch), or older than what is kept
 * gets `resync` instead: the client reads everything again, as at sign-in.
 */
export class LiveEvents {
  private epoch = newEpoch();
  private seq = 0;
  private readonly kept: Entry[] = [];
  private readonly byUser = new Map<number, Set<Stream>>();
  private readonly turns: Set<Stream>[] = Array.from({ length: HEARTBEAT_TURNS }, () => new Set());
  private turn = 0;
  private nextTurn = 0;
  private lost = false;
  private readonly timer: NodeJS.Timeout;
  private readonly unsubscribe: () => void;

  constructor(feed: ChangeFeed | undefined) {
    this.unsubscribe =
      feed?.subscribe({
        signal: (payload) => this.onSignal(payload),
        state: (live) => this.onFeedState(live),
      }) ?? (() => {});
    this.timer = setInterval(() => this.beat(), HEARTBEAT_MS / HEARTBEAT_TURNS);
    this.timer.unref();
  }

  /** Open streams (for the bench and tests). */
  get size(): number {
    let n = 0;
    for (const turn of this.turns) n += turn.size;
    return n;
  }

  /**
   * Starts the stream on `raw` (the route has checked the caller): headers, what was missed
   * after `lastEventId` (or `resync`), then the events as they come.
   */
  open(raw: ServerResponse, caller: StreamCaller, recheck: Recheck, lastEventId: string | undefined): void {
    const stream: Stream = { ...caller, raw, recheck, beats: 0, checking: false };
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      // nginx passes each event on at once rather than buffering the answer (docs/operations.md).
      'x-accel-buffering': 'no',
    });
    raw.flushHeaders();
    const missed = this.missedSince(lastEventId);
    if (missed === null) this.send(stream, this.frame(LIVE_EVENT.resync, '{}'));
    else for (const entry of missed) if (this.concerns(stream, entry)) this.send(stream, this.frameOf(entry));
    // The stream's position now, so that a reconnect resumes from here.
    this.send(stream, this.frame(LIVE_EVENT.ready, '{}'));
    this.add(stream);
    raw.on('close', () => this.remove(stream));
  }

  /** Ends every stream (the server is closing): the clients reconnect, to another server. */
  close(): void {
    clearInterval(this.timer);
    this.unsubscribe();
    for (const turn of this.turns) for (const stream of turn) stream.raw.end();
  }

  private add(stream: Stream): void {
    let own = this.byUser.get(stream.userId);
    if (!own) this.byUser.set(stream.userId, (own = new Set()));
    own.add(stream);
    this.turns[this.nextTurn]!.add(stream);
    this.nextTurn = (this.nextTurn + 1) % HEARTBEAT_TURNS;
  }

  private remove(stream: Stream): void {
    const own = this.byUser.get(stream.userId);
    own?.delete(stream);
    if (own?.size === 0) this.byUser.delete(stream.userId);
    for (const turn of this.turns) if (turn.delete(stream)) break;
  }

  /** The kept events after `lastEventId`, or null when they cannot be told (resync). */
  private missedSince(lastEventId: string | undefined): Entry[] | null {
    if (lastEventId === undefined) return [];
    const [epoch, seqText] = lastEventId.split('.');
    const seq = Number(seqText);
    if (epoch !== this.epoch || !Number.isSafeInteger(seq) || seq > this.seq) return null;
    const oldest = this.kept[0]?.seq ?? this.seq + 1;
    // Every event after `seq` must still be kept.
    if (seq < oldest - 1) return null;
    return this.kept.filter((entry) => entry.seq > seq);
  }

  private concerns(stream: Stream, entry: Entry): boolean {
    return entry.to === 'staff' ? stream.staff : entry.to === stream.userId;
  }

  private onSignal(payload: string): void {
    const [kind, first, second] = payload.split(':');
    switch (kind) {
      case 'n':
        return this.publish(Number(first), LIVE_EVENT.notification, '{}');
      case 'b':
        return this.publish(Number(first), LIVE_EVENT.balance, '{}');
      case 'u':
        this.publish(Number(first), LIVE_EVENT.balance, '{}');
        return this.recheckUser(Number(first));
      case 's':
        return this.recheckUser(Number(first));
      case 'q':
      case 'h':
        return this.publish(
          'staff',
          LIVE_EVENT.queue,
          JSON.stringify({ queue: first, id: Number(second), change: kind === 'q' ? 'new' : 'done' }),
        );
      default:
        return;
    }
  }

  private publish(to: number | 'staff', name: LiveEventName, data: string): void {
    if (to !== 'staff' && !Number.isSafeInteger(to)) return;
    this.seq += 1;
    const entry: Entry = { seq: this.seq, to, name, data };
    this.kept.push(entry);
    if (this.kept.length > REPLAY_EVENTS) this.kept.shift();
    const frame = this.frameOf(entry);
    if (to === 'staff') {
      for (const turn of this.turns) for (const stream of turn) if (stream.staff) this.send(stream, frame);
    } else {
      for (const stream of this.byUser.get(to) ?? []) this.send(stream, frame);
    }
  }

  /**
   * The feed was lost: signals in between are gone. When it is back, a new epoch (older ids
   * cannot resume) and every open stream is told to resync.
   */
  private onFeedState(live: boolean): void {
    if (!live) {
      this.lost = true;
      return;
    }
    if (!this.lost) return;
    this.lost = false;
    this.epoch = newEpoch();
    this.kept.length = 0;
    const frame = this.frame(LIVE_EVENT.resync, '{}');
    for (const turn of this.turns) for (const stream of turn) this.send(stream, frame);
  }

  private recheckUser(userId: number): void {
    const own = this.byUser.get(userId);
    if (!own) return;
    // After every listener has heard the signal: the session cache drops the user first.
    queueMicrotask(() => {
      for (const stream of own) this.recheck(stream);
    });
  }

  /** Asks the database (or the session cache) whether the stream's session still stands. */
  private recheck(stream: Stream): void {
    if (stream.checking) return;
    stream.checking = true;
    stream
      .recheck()
      .then(
        (caller) => {
          if (!caller || caller.userId !== stream.userId) return stream.raw.end();
          stream.staff = caller.staff;
        },
        // A failed check (the database away) keeps the stream: the next one decides.
        () => {},
      )
      .finally(() => {
        stream.checking = false;
      });
  }

  /** One turn of the heartbeat: a twenty-fifth of the streams, each every HEARTBEAT_MS. */
  private beat(): void {
    const turn = this.turns[this.turn]!;
    this.turn = (this.turn + 1) % HEARTBEAT_TURNS;
    // An id line without data moves the client's last event id without an event (the
    // EventSource rules): a quiet stream resumes from now, not from its last event.
    const frame = `id: ${this.epoch}.${this.seq}\n\n`;
    for (const stream of turn) {
      this.send(stream, frame);
      stream.beats += 1;
      if (stream.beats % RECHECK_EVERY_BEATS === 0) this.recheck(stream);
    }
  }

  private frameOf(entry: Entry): string {
    return `id: ${this.epoch}.${entry.seq}\nevent: ${entry.name}\ndata: ${entry.data}\n\n`;
  }

  /** An event at the current position (ready, resync). */
  private frame(name: LiveEventName, data: string): string {
    return `id: ${this.epoch}.${this.seq}\nevent: ${name}\ndata: ${data}\n\n`;
  }

  private send(stream: Stream, frame: string): void {
    if (stream.raw.writableEnded || stream.raw.destroyed) return;
    // A client that stopped reading is dropped rather than kept in memory: it reconnects.
    if (stream.raw.writableLength > MAX_UNSENT_BYTES) {
      stream.raw.destroy();
      return;
    }
    stream.raw.write(frame);
  }
}
