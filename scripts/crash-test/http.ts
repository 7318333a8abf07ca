// The crash test's HTTP side: requests kept as bytes so a retry after a restart sends exactly
// the same call with the same Idempotency-Key, and answers split into "answered" (any status)
// and "no answer" (the connection died: the server was killed with the call in flight).
import { randomUUID } from 'node:crypto';

export type Call = {
  method: 'GET' | 'POST';
  /** Under /api. */
  path: string;
  token: string;
  body?: Buffer;
  contentType?: string;
  /** Sent as `Idempotency-Key` on every money-moving POST, and again on its retries. */
  key?: string;
};

export type Answer = {
  status: number;
  message: string | null;
  /** The error envelope's code (INSUFFICIENT_BALANCE, ALREADY_HANDLED, …); null on success. */
  code: string | null;
  // The envelope's data, as the server sent it.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
  /** `Idempotent-Replayed: true`: the server replayed a stored first answer. */
  replayed: boolean;
  /** All response headers (the scale-out test reads which server answered through nginx). */
  headers: Headers;
};

export class NoAnswer extends Error {}

export const isOk = (answer: Answer) => answer.status >= 200 && answer.status < 300;

const TIMEOUT_MS = 30_000;

export async function send(baseUrl: string, call: Call): Promise<Answer> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    Authorization: `Bearer ${call.token}`,
  };
  if (call.contentType) headers['Content-Type'] = call.contentType;
  if (call.key) headers['Idempotency-Key'] = call.key;
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${baseUrl}/api${call.path}`, {
      method: call.method,
      headers,
      body: call.body ? new Uint8Array(call.body) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    text = await response.text();
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new NoAnswer(cause?.code ?? cause?.message ?? (error as Error).message);
  }
  let envelope: { message?: string | null; data?: unknown; code?: string } = {};
  try {
    envelope = JSON.parse(text) as typeof envelope;
  } catch {
    envelope = { message: text.slice(0, 200), data: null };
  }
  return {
    status: response.status,
    message: envelope.message ?? null,
    code: envelope.code ?? null,
    data: envelope.data ?? null,
    replayed: response.headers.get('idempotent-replayed') === 'true',
    headers: response.headers,
  };
}

export function jsonCall(token: string, path: string, body: object, key: boolean): Call {
  return {
    method: 'POST',
    path,
    token,
    body: Buffer.from(JSON.stringify(body)),
    contentType: 'application/json',
    ...(key ? { key: randomUUID() } : {}),
  };
}

/**
 * multipart/form-data with a fixed boundary: the bytes of a retry are the bytes of the first
 * attempt.
 */
export function multipartCall(
  token: string,
  path: string,
  fields: Record<string, string>,
  file: { field: string; name: string; type: string; bytes: Buffer } | null,
  key: boolean,
): Call {
  const boundary = `----crash-test-${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    method: 'POST',
    path,
    token,
    body: Buffer.concat(parts),
    contentType: `multipart/form-data; boundary=${boundary}`,
    ...(key ? { key: randomUUID() } : {}),
  };
}

/** Minor units as the wire writes them: 12345n → "123.45", -5n → "-0.05". */
export function formatMinor(minor: bigint): string {
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}
