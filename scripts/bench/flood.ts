// The upload flood of issue 19: 120 connections each sending the largest image every limit
// lets through (a 6 320 × 6 320 PNG, 39.9 megapixels that compress to about 200 KB), again and
// again, while customers sign in and open the catalogue. Measures what those customers feel
// (login and GET /api/ids p99), the server's peak memory, and how the uploads were answered:
// the image pool (lib/image-pool.ts) must turn the excess away with 503, never fall over.
import sharp from 'sharp';
import { run } from './load';
import { depositRequest } from './scenarios';
import { BENCH_PASSWORD, type BenchUser } from './seed';
import { sampleRss } from './server-process';

export const FLOOD_CONNECTIONS = 120;
/** The side of the largest square image under IMAGE_UPLOAD.maxPixels (40 000 000). */
const SIDE = 6_320;

export type FloodResult = {
  seconds: number;
  uploads: Record<string, number>;
  uploadErrors: number;
  imageBytes: number;
  /** The same login and catalogue load for a few seconds just before, without the uploads. */
  quiet: { loginP99: number; idsP99: number };
  loginP99: number;
  loginRequests: number;
  loginNon2xx: number;
  idsP99: number;
  idsRequests: number;
  idsNon2xx: number;
  peakRssMiB: number;
};

/** Bands of flat colour with thin lines: PNG's filters make it a few hundred KB at most. */
async function maximumSizePng(): Promise<Buffer> {
  const raw = Buffer.alloc(SIDE * SIDE * 3);
  for (let y = 0; y < SIDE; y += 1) {
    const band = Math.floor(y / 158);
    const line = y % 79 < 2;
    const row = Buffer.from(
      line ? [20, 20, 20] : [180 + (band % 5) * 12, 200 - (band % 7) * 9, 220],
    );
    raw.fill(row, y * SIDE * 3, (y + 1) * SIDE * 3);
    if (!line)
      for (let x = (band * 37) % 997; x < SIDE; x += 997)
        raw.fill(40, (y * SIDE + x) * 3, (y * SIDE + x + 3) * 3);
  }
  return sharp(raw, { raw: { width: SIDE, height: SIDE, channels: 3 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

export async function flood(options: {
  url: string;
  pid: number;
  users: BenchUser[];
  paymentTypeId: number;
  seconds: number;
}): Promise<FloodResult> {
  const { url, pid, users, seconds } = options;
  const image = await maximumSizePng();
  // From four accounts on one address, as the hostile customer did.
  const uploaders = users.slice(0, 4);
  const upload = depositRequest(
    [image],
    options.paymentTypeId,
    (n) => uploaders[n % uploaders.length]!.token,
    'flood',
  );
  // The check that the image passes every limit: one upload alone is accepted.
  const alone = upload(0);
  const accepted = await fetch(url + alone.path, {
    method: 'POST',
    headers: alone.headers,
    body: alone.body,
  } as RequestInit);
  if (accepted.status !== 200)
    throw new Error(
      `the flood's image was refused alone: ${accepted.status} ${await accepted.text()}`,
    );

  const customers = users.slice(4);
  const customer = (n: number) => customers[n % customers.length]!;
  const json = {
    accept: 'application/json',
    'content-type': 'application/json',
    'x-requested-with': 'XMLHttpRequest',
  };
  const customersLoad = (duration: number) =>
    [
      run(url, 2, duration, (n) => ({
        method: 'POST',
        path: '/api/auth/login',
        headers: json,
        body: JSON.stringify({ login: customer(n).email, password: BENCH_PASSWORD }),
      })),
      run(url, 10, duration, (n) => ({
        method: 'GET',
        path: '/api/ids',
        headers: {
          ...json,
          authorization: `Bearer ${customer(n).token}`,
          'accept-encoding': 'gzip, deflate, br',
        },
      })),
    ] as const;
  // What the same customers see without the flood, on the host as busy as it is right now.
  const [quietLogins, quietIds] = await Promise.all(customersLoad(Math.min(5, seconds)));
  const stopRss = sampleRss(pid);
  const [uploads, logins, ids] = await Promise.all([
    run(url, FLOOD_CONNECTIONS, seconds, upload),
    ...customersLoad(seconds),
  ]);
  const peakRssMiB = stopRss();
  return {
    seconds,
    uploads: Object.fromEntries(
      Object.entries(uploads.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count ?? 0]),
    ),
    uploadErrors: uploads.errors + uploads.timeouts,
    imageBytes: image.length,
    quiet: { loginP99: quietLogins.latency.p99, idsP99: quietIds.latency.p99 },
    loginP99: logins.latency.p99,
    loginRequests: logins.requests.total,
    loginNon2xx: logins.non2xx + logins.errors + logins.timeouts,
    idsP99: ids.latency.p99,
    idsRequests: ids.requests.total,
    idsNon2xx: ids.non2xx + ids.errors + ids.timeouts,
    peakRssMiB,
  };
}
