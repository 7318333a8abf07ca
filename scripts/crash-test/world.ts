// What the crash test believes the database holds: every bill, withdrawal, user ID, deposit
// request and manual balance change that an acknowledged answer created, with the status its
// acknowledged handling gave it. The checks compare the database with this, row for row.
import { type Answer, type Call, formatMinor, jsonCall, multipartCall } from './http';

export type ItemKind = 'bill' | 'withdrawal' | 'user_id' | 'request' | 'manual';
export type ItemStatus = 'pending' | 'approved' | 'rejected' | 'done';

export type Item = {
  kind: ItemKind;
  id: number;
  /** The customer (users.id). */
  user: number;
  /** Minor units, as the customer (or admin) asked; signed for manual changes. */
  amount: bigint;
  status: ItemStatus;
  /** The operation that created it. */
  op: number;
  /** An admin operation is deciding it (sent, not yet resolved). */
  claimed: boolean;
};

export type Customer = { index: number; id: number; token: string; email: string };

export type OpKind =
  | 'add_funds'
  | 'withdraw'
  | 'id_create'
  | 'id_deposit'
  | 'admin_deposit'
  | 'admin_withdraw'
  | 'approve'
  | 'reject';

export type Outcome =
  | { type: 'acked'; answer: Answer; retried: boolean }
  | { type: 'refused'; answer: Answer; retried: boolean }
  | { type: 'no-answer'; error: string };

export type Op = {
  serial: number;
  round: number;
  kind: OpKind;
  /** 'admin' or the customer's index. */
  actor: string;
  call: Call;
  /** The customer concerned. */
  user: number;
  /** Creations: the amount asked (minor units, signed for manual debits). */
  amount: bigint;
  /** approve / reject: the item decided. */
  target?: Item;
  /** id_deposit: the user ID deposited into. */
  userIdId?: number;
  outcome?: Outcome;
};

/** The amount of a creation carries the operation's serial, so a duplicate row is traceable. */
// Balances stay low enough that some holds are refused (409 INSUFFICIENT_BALANCE): a refused
// call must leave nothing behind either.
const BASE: Record<string, bigint> = {
  add_funds: 100_00n,
  withdraw: 20_00n,
  id_create: 30_00n,
  id_deposit: 10_00n,
  admin_deposit: 40_00n,
  admin_withdraw: 5_00n,
  setup_deposit: 100_00n,
};

export const CREATION_ITEM: Record<Exclude<OpKind, 'approve' | 'reject'>, ItemKind> = {
  add_funds: 'bill',
  withdraw: 'withdrawal',
  id_create: 'user_id',
  id_deposit: 'request',
  admin_deposit: 'manual',
  admin_withdraw: 'manual',
};

/** The status the API shows for a model status. */
export function apiStatus(item: Item): string {
  if (item.kind === 'user_id' && item.status === 'approved') return 'active';
  return item.status;
}

export class World {
  readonly items = new Map<string, Item>();
  readonly ops: Op[] = [];
  private serial = 0;

  constructor(
    readonly admin: { id: number; token: string },
    readonly customers: Customer[],
    readonly paymentTypeId: number,
    readonly catalogueItemId: number,
    private readonly proofPng: Buffer,
  ) {}

  static key(kind: ItemKind, id: number): string {
    return `${kind}:${id}`;
  }

  get(kind: ItemKind, id: number): Item | undefined {
    return this.items.get(World.key(kind, id));
  }

  private nextSerial(): number {
    this.serial += 1;
    return this.serial;
  }

  private op(
    round: number,
    kind: OpKind,
    actor: string,
    user: number,
    call: Call,
    extra: Partial<Op> = {},
  ): Op {
    const op: Op = { serial: 0, round, kind, actor, call, user, amount: 0n, ...extra };
    this.ops.push(op);
    return op;
  }

  /* ---------- customers' operations ---------- */

  /** `proof`: the screenshot to send (the soak's differ); by default the world's one PNG. */
  addFunds(round: number, c: Customer, proof: Buffer = this.proofPng): Op {
    const serial = this.nextSerial();
    const amount = BASE.add_funds! + BigInt(serial);
    const call = multipartCall(
      c.token,
      '/add_funds',
      {
        amount: formatMinor(amount),
        payment_type_id: String(this.paymentTypeId),
        reference: `CT${serial}`,
      },
      { field: 'proof', name: 'proof.png', type: 'image/png', bytes: proof },
      true,
    );
    return this.op(round, 'add_funds', String(c.index), c.id, call, { serial, amount });
  }

  withdraw(round: number, c: Customer): Op {
    const serial = this.nextSerial();
    const amount = BASE.withdraw! + BigInt(serial);
    const body = { amount: formatMinor(amount), method: 'upi', upi_id: `ct${serial}@okbank` };
    return this.op(
      round,
      'withdraw',
      String(c.index),
      c.id,
      jsonCall(c.token, '/withdraw', body, true),
      { serial, amount },
    );
  }

  idCreate(round: number, c: Customer): Op {
    const serial = this.nextSerial();
    const amount = BASE.id_create! + BigInt(serial);
    const body = { username: `ct${serial}`, amount: formatMinor(amount), pay_from: 'wallet' };
    const call = jsonCall(c.token, `/ids/${this.catalogueItemId}/create`, body, true);
    return this.op(round, 'id_create', String(c.index), c.id, call, { serial, amount });
  }

  /** Null when the customer has no active ID yet. */
  idDeposit(round: number, c: Customer, pick: (n: number) => number): Op | null {
    const active = [...this.items.values()].filter(
      (i) => i.kind === 'user_id' && i.user === c.id && i.status === 'approved',
    );
    if (active.length === 0) return null;
    const target = active[pick(active.length)]!;
    const serial = this.nextSerial();
    const amount = BASE.id_deposit! + BigInt(serial);
    const body = { amount: formatMinor(amount), pay_from: 'wallet' };
    const call = jsonCall(c.token, `/user_ids/${target.id}/deposit`, body, true);
    return this.op(round, 'id_deposit', String(c.index), c.id, call, {
      serial,
      amount,
      userIdId: target.id,
    });
  }

  /* ---------- the admin's operations ---------- */

  manual(round: number, c: Customer, kind: 'admin_deposit' | 'admin_withdraw' | 'setup'): Op {
    const serial = this.nextSerial();
    const base = kind === 'setup' ? BASE.setup_deposit! : BASE[kind]!;
    const amount = base + BigInt(serial);
    const path = kind === 'admin_withdraw' ? '/admin/withdraw/create' : '/admin/deposit/create';
    const body = { user_id: c.id, amount: formatMinor(amount), comment: `crash test op ${serial}` };
    const opKind = kind === 'admin_withdraw' ? 'admin_withdraw' : 'admin_deposit';
    const signed = kind === 'admin_withdraw' ? -amount : amount;
    return this.op(round, opKind, 'admin', c.id, jsonCall(this.admin.token, path, body, true), {
      serial,
      amount: signed,
    });
  }

  /** Pending items nobody is deciding yet. */
  decidable(): Item[] {
    return [...this.items.values()].filter(
      (i) => i.status === 'pending' && !i.claimed && i.kind !== 'manual',
    );
  }

  decide(round: number, item: Item, approve: boolean): Op {
    const serial = this.nextSerial();
    const t = this.admin.token;
    const comment = { comment: `crash test op ${serial}` };
    let call: Call;
    switch (item.kind) {
      case 'bill':
        call = jsonCall(
          t,
          `/admin/bills/${item.id}/${approve ? 'approve' : 'reject'}`,
          approve ? {} : comment,
          true,
        );
        break;
      case 'withdrawal':
        call = approve
          ? jsonCall(
              t,
              `/admin/withdraw/${item.id}/approve`,
              { reference: `PAYOUT${serial}` },
              true,
            )
          : jsonCall(t, `/admin/withdraw/${item.id}/reject`, comment, true);
        break;
      case 'user_id':
        call = approve
          ? jsonCall(
              t,
              `/admin/user_ids/${item.id}/approve`,
              {
                amount: formatMinor(item.amount),
                login: `login${serial}`,
                password: `pass-${serial}`,
              },
              true,
            )
          : jsonCall(t, `/admin/user_ids/${item.id}/reject`, comment, true);
        break;
      case 'request':
        call = jsonCall(
          t,
          `/admin/requests/${item.id}/handle`,
          approve ? { action: 'approve' } : { action: 'reject', ...comment },
          true,
        );
        break;
      case 'manual':
        throw new Error('manual changes are not decided');
    }
    item.claimed = true;
    return this.op(round, approve ? 'approve' : 'reject', 'admin', item.user, call, {
      serial,
      target: item,
    });
  }

  /* ---------- answers ---------- */

  /**
   * Apply a 2xx answer to the model. Returns the problems found in the answer itself (an id
   * missing, an amount or status other than asked).
   */
  applyAck(op: Op, answer: Answer): string[] {
    const problems: string[] = [];
    const data = answer.data as { id?: unknown; amount?: unknown; status?: unknown } | null;
    if (op.kind === 'approve' || op.kind === 'reject') {
      const item = op.target!;
      item.status = op.kind === 'approve' ? 'approved' : 'rejected';
      item.claimed = false;
      if (data?.id !== item.id || data?.status !== apiStatus(item)) {
        problems.push(
          `${describe(op)}: answered ${JSON.stringify({ id: data?.id, status: data?.status })}`,
        );
      }
      return problems;
    }
    const kind = CREATION_ITEM[op.kind];
    if (typeof data?.id !== 'number') return [`${describe(op)}: acknowledged without an id`];
    if (data.amount !== formatMinor(op.amount)) {
      problems.push(
        `${describe(op)}: answered amount ${String(data.amount)}, asked ${formatMinor(op.amount)}`,
      );
    }
    if (this.get(kind, data.id)) {
      problems.push(
        `${describe(op)}: answered ${kind} #${data.id}, which an earlier operation already created`,
      );
    }
    this.items.set(World.key(kind, data.id), {
      kind,
      id: data.id,
      user: op.user,
      amount: op.amount,
      status: kind === 'manual' ? 'done' : 'pending',
      op: op.serial,
      claimed: false,
    });
    return problems;
  }

  /** A definite refusal: a decided item goes back to the queue. */
  applyRefusal(op: Op): void {
    if (op.target) op.target.claimed = false;
  }

  /** users.balance as the acknowledged operations make it. */
  expectedBalances(): Map<number, bigint> {
    const balances = new Map<number, bigint>([
      [this.admin.id, 0n],
      ...this.customers.map((c) => [c.id, 0n] as const),
    ]);
    for (const item of this.items.values()) {
      let delta: bigint;
      if (item.kind === 'manual') delta = item.amount;
      else if (item.kind === 'bill') delta = item.status === 'approved' ? item.amount : 0n;
      // Withdrawals, new IDs and deposits are held at once; a rejection gives the hold back.
      else delta = item.status === 'rejected' ? 0n : -item.amount;
      balances.set(item.user, (balances.get(item.user) ?? 0n) + delta);
    }
    return balances;
  }
}

export function describe(op: Op): string {
  const who = op.actor === 'admin' ? 'admin' : `customer ${op.actor}`;
  const what = op.target
    ? `${op.kind} ${op.target.kind} #${op.target.id}`
    : `${op.kind} ${formatMinor(op.amount)}${op.userIdId ? ` into user ID #${op.userIdId}` : ''}`;
  return `op ${op.serial} (round ${op.round}, ${who}: ${what}, POST ${op.call.path}, Idempotency-Key ${op.call.key})`;
}
