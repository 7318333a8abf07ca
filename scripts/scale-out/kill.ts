// One server SIGKILLed during concurrent money calls through nginx, as the crash test does to
// a lone server: three customers add funds, withdraw and open IDs while two staff workers
// approve, reject and deposit, every call with an Idempotency-Key. Calls nginx had sent to the
// dying server come back as 502s (nginx never resends a POST once sent); they are retried with
// their key through nginx, and then the database must match the acknowledged answers.
import { checkDatabase, withPostgres } from '../crash-test/checks';
import type { Answer, Call } from '../crash-test/http';
import { type Customer, describe, type Op, type World } from '../crash-test/world';
import { answerText, execute, record, resend } from '../crash-test/world-setup';
import type { Deployment } from './deployment';
import { call, isOk, upstreamOf } from './http';
import { sleep, stop } from './processes';
import { check, expect } from './report';

/** Answers before the kill, and answers the survivor must give to calls sent after it. */
const KILL_AFTER_ANSWERS = 20;
const ANSWERS_AFTER_KILL = 20;
const LOAD_TIMEOUT_MS = 45_000;

/**
 * `dropKeys`: send the retries and replays without their Idempotency-Key, as a client without
 * one would; the checks must then fail (the scale-out test's --drop-keys).
 */
export async function killMidTraffic(
  d: Deployment,
  world: World,
  load: Customer[],
  dropKeys = false,
): Promise<void> {
  const again = (c: Call): Call => (dropKeys ? { ...c, key: undefined } : c);
  const base = d.base;
  const victim = d.servers[1]!;
  const survivor = `127.0.0.1:${d.servers[0]!.port}`;
  const ops: Op[] = [];
  const violations: string[] = [];
  let killedAt = -1;
  /** Set once the killed process is gone: calls sent from then on can only reach A. */
  let dead = false;
  let answeredAfterKill = 0;
  const afterKillUpstreams = new Set<string>();
  let stopping = false;

  const send = async (op: Op) => {
    ops.push(op);
    const sentAfterKill = dead;
    const answer = await execute(world, op, (c) => call(base, c), violations);
    if (sentAfterKill && answer) {
      answeredAfterKill += 1;
      afterKillUpstreams.add(upstreamOf(answer));
    }
  };
  const customerWorker = async (c: Customer) => {
    while (!stopping) {
      const r = Math.random();
      await send(
        r < 0.4 ? world.addFunds(1, c) : r < 0.7 ? world.withdraw(1, c) : world.idCreate(1, c),
      );
    }
  };
  const adminWorker = async () => {
    while (!stopping) {
      const queue = world.decidable();
      const someone = load[Math.floor(Math.random() * load.length)]!;
      await send(
        queue.length > 0 && Math.random() < 0.8
          ? world.decide(1, queue[Math.floor(Math.random() * queue.length)]!, Math.random() < 0.7)
          : world.manual(1, someone, 'admin_deposit'),
      );
    }
  };

  const started = Date.now();
  const running = Promise.all([...load.map(customerWorker), adminWorker(), adminWorker()]);
  const answered = () => ops.filter((o) => o.outcome).length;
  while (answered() < KILL_AFTER_ANSWERS && Date.now() - started < LOAD_TIMEOUT_MS) await sleep(5);
  killedAt = answered();
  await stop(victim.proc, 'SIGKILL');
  dead = true;
  while (answeredAfterKill < ANSWERS_AFTER_KILL && Date.now() - started < LOAD_TIMEOUT_MS)
    await sleep(5);
  stopping = true;
  await running;
  const inFlight = ops.filter((o) => o.outcome?.type === 'no-answer');
  const acked = ops.filter((o) => o.outcome?.type === 'acked');

  await check(
    `server B SIGKILLed mid-traffic; nginx sends the calls after it to server A`,
    async () => {
      expect(
        killedAt >= KILL_AFTER_ANSWERS,
        `only ${killedAt} answers before the kill in ${LOAD_TIMEOUT_MS / 1000} s`,
      );
      expect(
        answeredAfterKill >= ANSWERS_AFTER_KILL,
        `only ${answeredAfterKill} answers after the kill`,
      );
      const others = [...afterKillUpstreams].filter((u) => !u.startsWith(survivor));
      // A call nginx had already sent to B when it died comes back as a 502 (not answered
      // here); every call answered after the kill came from A (or from A after B refused).
      expect(
        others.every((u) => u.endsWith(survivor)),
        `answers after the kill came from ${others.join(', ')}`,
      );
      expect(violations.length === 0, violations.slice(0, 10).join('\n'));
      return `${acked.length} acknowledged, ${inFlight.length} cut off (${inFlight.map((o) => (o.outcome as { error: string }).error).join(', ') || 'none'}), ${answeredAfterKill} answered after the kill`;
    },
  );

  await check(
    'every call cut off is retried with its Idempotency-Key through nginx and settles',
    async () => {
      const problems: string[] = [];
      let applied = 0;
      let replayed = 0;
      for (const op of inFlight.sort((x, y) => x.serial - y.serial)) {
        const { answer } = await resend((c) => call(base, c), again(op.call));
        if (!answer) {
          problems.push(`${describe(op)}: no answer to 5 retries`);
          continue;
        }
        if (answer.replayed) replayed += 1;
        const recorded = record(world, op, answer, true);
        if (recorded.type === 'acked') {
          applied += 1;
          problems.push(...recorded.problems);
        } else if (!recorded.expected) {
          problems.push(`${describe(op)}: the retry answered ${answerText(answer)}`);
        }
      }
      expect(problems.length === 0, problems.slice(0, 10).join('\n'));
      return `${inFlight.length} retried: ${applied} applied (${replayed} replays of what B had done)`;
    },
  );

  await check(
    'acknowledged calls sent again with their key are replayed, not repeated',
    async () => {
      const sample = [...acked].sort(() => Math.random() - 0.5).slice(0, 4);
      for (const op of sample) {
        const first = (op.outcome as { answer: Answer }).answer;
        const second = await call(base, again(op.call));
        expect(
          isOk(second) && second.replayed && second.data?.id === first.data?.id,
          `${describe(op)}: again answered ${second.status}, id ${second.data?.id}, replayed ${second.replayed}`,
        );
      }
      return `${sample.length} replayed`;
    },
  );

  await check(
    'nothing acknowledged is lost: the database holds every acknowledged operation once, balances equal ledgers',
    async () => {
      const report = await withPostgres(d.directUrl, (q) => checkDatabase(q, world));
      expect(report.violations.length === 0, report.violations.slice(0, 15).join('\n'));
      return `${report.rows} rows, ${report.users} balances`;
    },
  );
}
