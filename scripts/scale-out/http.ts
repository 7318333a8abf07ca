// The scale-out test's HTTP side, on the crash test's calls (kept as bytes, so a retry sends
// the same call with the same Idempotency-Key) and answers.
import { type Answer, type Call, isOk, NoAnswer, send } from '../crash-test/http';
import { describe, type Op, type World } from '../crash-test/world';
import { expect } from './report';

/** Which server answered: nginx's X-Upstream (the test's config adds it). */

export const upstreamOf = (answer: Answer) => answer.headers.get('x-upstream') ?? '?';

/**
 * Through nginx, a 502/503/504 without the server's envelope is nginx saying the server did
 * not answer (it died with the call in flight): no answer, to be retried with the same key.
 */
export async function call(base: string, c: Call): Promise<Answer> {
  const answer = await send(base, c);
  if ([502, 503, 504].includes(answer.status) && answer.code === null && answer.data === null) {
    throw new NoAnswer(`${answer.status} from ${upstreamOf(answer)}`);
  }
  return answer;
}

export { isOk };
export const get = (token: string, path: string): Call => ({ method: 'GET', path, token });

export async function must(base: string, c: Call, what: string): Promise<Answer> {
  const answer = await call(base, c);
  expect(isOk(answer), `${what} answered ${answer.status}: ${answer.message ?? ''}`);
  return answer;
}

/** GET a file (a proof) with a bearer token: status, type, bytes and which server answered. */
export async function fetchFile(base: string, path: string, token: string) {
  const response = await fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  const bytes = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    bytes,
    upstream: response.headers.get('x-upstream') ?? '?',
  };
}

/** Send a model operation; it must be acknowledged, and the model takes the answer. */
export async function ack(base: string, world: World, op: Op): Promise<Answer> {
  const answer = await call(base, op.call);
  expect(
    isOk(answer),
    `${describe(op)} answered ${answer.status} ${answer.code ?? ''} ${answer.message ?? ''}`,
  );
  op.outcome = { type: 'acked', answer, retried: false };
  const problems = world.applyAck(op, answer);
  expect(problems.length === 0, problems.join('; '));
  return answer;
}

/** "40.05" → 4005n. */
export const toMinor = (text: string) => {
  const [whole, frac = '0'] = text.split('.');
  return BigInt(whole!) * 100n + BigInt(frac.padEnd(2, '0'));
};
export const formatMinorPlain = (minor: bigint) =>
  `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
