// The soak's traffic, through nginx: customers polling as the web app does (the 5-second
// notifications poll, now and then their balance and ledger), customers making keyed money
// calls (add funds with a screenshot, withdraw, new ID), and staff deciding the queues (approve
// or reject, manual deposits, the pending lists). Every money call goes through the crash
// test's World, so the database can be reconciled with the acknowledged answers at the end.
// A call that got no answer (nginx's 502 while a server died) or the server's 503 (the
// database or the object store away) may or may not have been applied: it is sent again with
// its Idempotency-Key until it gets an answer, which settles it.
import { type Answer, type Call, isOk, jsonCall, NoAnswer } from '../crash-test/http';
import { type Customer, describe, type Op, type World } from '../crash-test/world';
import { answerText, record } from '../crash-test/world-setup';
import { call } from '../scale-out/http';
import { sleep } from '../scale-out/processes';

/** Between two polls of one customer: the web app's interval. */
const POLL_MS = 5_000;
/** A money customer's and a staff worker's pause between calls (uniform, half to 1.5×). */
const CUSTOMER_THINK_MS = 1_000;
const STAFF_THINK_MS = 700;
/** An unsettled call is sent again this long after its last attempt. */
const RESEND_MS = 1_000;

export type Tally = {
  requests: number;
  byStatus: Map<string, number>;
  acknowledged: number;
  refused: number;
  /** Calls that needed sending again (no answer, or a 503), and how many of those settled. */
  unsettled: number;
  settled: number;
  /** What a correct server never answers: a 500, a refusal it should not give, a wrong answer. */
  violations: string[];
  /** 503s seen since `markOutage` was last called: the outages' own evidence. */
  unavailableSinceMark: number;
};

export function newTally(): Tally {
  return {
    requests: 0,
    byStatus: new Map(),
    acknowledged: 0,
    refused: 0,
    unsettled: 0,
    settled: 0,
    violations: [],
    unavailableSinceMark: 0,
  };
}

const count = (tally: Tally, key: string) =>
  tally.byStatus.set(key, (tally.byStatus.get(key) ?? 0) + 1);

/** The server's own 503 (its envelope): the database or the object store was away. */
const unavailable = (answer: Answer) =>
  answer.status === 503 && answer.code === 'SERVICE_UNAVAILABLE';

const NO_HEADERS = new Headers();

/**
 * A settled operation keeps what the checks read (its path, key, kind, amount, status, id),
 * not its bytes: two hours of screenshots would otherwise stay in this process.
 */
function forget(op: Op): void {
  op.call = { ...op.call, body: undefined };
  if (op.outcome && op.outcome.type !== 'no-answer') op.outcome.answer.headers = NO_HEADERS;
}

export class Traffic {
  private stopping = false;
  private readonly pending: { op: Op; next: number }[] = [];
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly base: string,
    private readonly world: World,
    private readonly money: Customer[],
    private readonly pollers: Customer[],
    private readonly staffWorkers: number,
    readonly tally: Tally,
    /** The screenshot of each add-funds call. */
    private readonly proof: () => Promise<Buffer>,
  ) {}

  /** One call through nginx, counted; throws NoAnswer when nothing answered. */
  private async send(c: Call): Promise<Answer> {
    this.tally.requests += 1;
    try {
      const answer = await call(this.base, c);
      count(this.tally, String(answer.status));
      if (unavailable(answer)) this.tally.unavailableSinceMark += 1;
      if (answer.status >= 500 && !unavailable(answer)) {
        this.tally.violations.push(`${c.method} ${c.path} answered ${answerText(answer)}`);
      }
      return answer;
    } catch (error) {
      if (error instanceof NoAnswer) count(this.tally, 'no answer');
      throw error;
    }
  }

  /** A money operation: recorded in the World once it has an answer that settles it. */
  private async moneyCall(op: Op, retry: boolean): Promise<void> {
    let answer: Answer;
    try {
      answer = await this.send(op.call);
    } catch (error) {
      if (!(error instanceof NoAnswer)) throw error;
      op.outcome = { type: 'no-answer', error: error.message };
      this.park(op, retry);
      return;
    }
    if (unavailable(answer)) {
      op.outcome = { type: 'no-answer', error: '503 SERVICE_UNAVAILABLE' };
      this.park(op, retry);
      return;
    }
    const recorded = record(this.world, op, answer, retry);
    forget(op);
    if (retry) this.tally.settled += 1;
    if (recorded.type === 'acked') {
      this.tally.acknowledged += 1;
      this.tally.violations.push(...recorded.problems);
    } else {
      this.tally.refused += 1;
      if (!recorded.expected) this.tally.violations.push(`${describe(op)}: answered ${answerText(answer)}`);
    }
  }

  private park(op: Op, retry: boolean): void {
    if (!retry) this.tally.unsettled += 1;
    this.pending.push({ op, next: Date.now() + RESEND_MS });
  }

  private async moneyCustomer(c: Customer): Promise<void> {
    while (!this.stopping) {
      const r = Math.random();
      const op =
        r < 0.4
          ? this.world.addFunds(1, c, await this.proof())
          : r < 0.7
            ? this.world.withdraw(1, c)
            : this.world.idCreate(1, c);
      await this.moneyCall(op, false);
      await sleep(CUSTOMER_THINK_MS * (0.5 + Math.random()));
    }
  }

  private async staff(): Promise<void> {
    let n = 0;
    while (!this.stopping) {
      n += 1;
      if (n % 10 === 0) {
        // The desk's pending list, as staff keep it open.
        await this.read({ method: 'GET', path: '/admin/bills?status=pending', token: this.world.admin.token });
      } else {
        const queue = this.world.decidable();
        const someone = this.money[Math.floor(Math.random() * this.money.length)]!;
        const op =
          queue.length > 0 && Math.random() < 0.85
            ? this.world.decide(1, queue[Math.floor(Math.random() * queue.length)]!, Math.random() < 0.7)
            : this.world.manual(1, someone, 'admin_deposit');
        await this.moneyCall(op, false);
      }
      await sleep(STAFF_THINK_MS * (0.5 + Math.random()));
    }
  }

  /** A read: any answer but a 500 is fine (a 503 or no answer while something restarts). */
  private async read(c: Call): Promise<Answer | null> {
    try {
      const answer = await this.send(c);
      return isOk(answer) ? answer : null;
    } catch (error) {
      if (error instanceof NoAnswer) return null;
      throw error;
    }
  }

  private async poller(c: Customer, offset: number): Promise<void> {
    let seen = 0;
    let n = 0;
    await sleep(offset);
    while (!this.stopping) {
      n += 1;
      const poll = await this.read(jsonCall(c.token, '/notifications/top', { id: seen }, false));
      const items = (poll?.data ?? []) as { id: number }[];
      for (const item of items) seen = Math.max(seen, item.id);
      if (n % 6 === 0) await this.read(jsonCall(c.token, '/user/passport', {}, false));
      if (n % 12 === 0) await this.read({ method: 'GET', path: '/transactions', token: c.token });
      await sleep(POLL_MS);
    }
  }

  /** Sends each unsettled call again with its key until it is answered. */
  private async resender(): Promise<void> {
    while (!this.stopping || this.pending.length > 0) {
      const due = this.pending.findIndex((p) => p.next <= Date.now());
      if (due < 0) {
        if (this.stopping && this.finalDeadline < Date.now()) return;
        await sleep(50);
        continue;
      }
      const [{ op }] = this.pending.splice(due, 1) as [{ op: Op; next: number }];
      await this.moneyCall(op, true);
    }
  }

  private finalDeadline = Infinity;

  start(): void {
    const pollers = this.pollers.map((c, i) => this.poller(c, (POLL_MS * i) / this.pollers.length));
    const money = this.money.map((c) => this.moneyCustomer(c));
    const staff = Array.from({ length: this.staffWorkers }, () => this.staff());
    this.running = Promise.all([...pollers, ...money, ...staff, this.resender()]);
  }

  /**
   * Stop making new calls, then give the calls still unsettled until `settleMs` to get their
   * answer. Returns those that never did.
   */
  async stop(settleMs: number): Promise<Op[]> {
    this.finalDeadline = Date.now() + settleMs;
    this.stopping = true;
    await this.running;
    return this.pending.map((p) => p.op);
  }
}
