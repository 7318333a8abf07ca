import { describe, expect, it } from 'vitest';
import { customer } from './helpers/ids-fixtures';
import { createAdmin, createTestApp, get, post, useTestApp } from './helpers/test-app';
import { addFunds, createUpiPaymentType, deposit, withdrawUpi } from './helpers/wallet-fixtures';

const TOKEN = 'metrics-token-0123456789abcdef';

const ctx = useTestApp({ METRICS_TOKEN: TOKEN });

const scrape = (token?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

/** The value of one sample line, e.g. `iddesk_pending_items{queue="bills"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('is 404 when METRICS_TOKEN is unset, token or not', async () => {
    const off = await createTestApp();
    try {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const res = await off.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode).toBe(404);
      }
    } finally {
      await off.close();
    }
  });

  it('is 401 without the token, with a wrong one, or with the right one in the wrong form', async () => {
    for (const res of [
      await scrape(),
      await scrape('metrics-token-0123456789abcdeX'),
      await scrape(TOKEN.slice(0, -1)),
      await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: TOKEN } }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('iddesk_');
    }
  });

  it('counts requests by route pattern, method and status, never by raw URL', async () => {
    await get(ctx.app, '/api/ids/987654');
    await get(ctx.app, '/api/ids/987655');
    await post(ctx.app, '/api/auth/login', { login: 'nobody@example.com', password: 'wrong one' });
    await get(ctx.app, '/api/no-such-call/123456789');
    const res = await scrape(TOKEN);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(
      sample(
        text,
        'iddesk_http_request_duration_seconds_count{method="GET",route="/api/ids/:id",status="404"}',
      ),
    ).toBe(2);
    expect(
      sample(
        text,
        'iddesk_http_request_duration_seconds_count{method="POST",route="/api/auth/login",status="422"}',
      ),
    ).toBe(1);
    expect(text).toContain(
      'iddesk_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/ids/:id",status="404"} 2',
    );
    // A URL no route matches is counted under one label, whatever its path.
    expect(
      sample(
        text,
        'iddesk_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}',
      ),
    ).toBe(1);
    expect(text).not.toContain('987654');
    expect(text).not.toContain('123456789');
    // The standard process metrics come from prom-client's defaults.
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  it('reports each admin queue with its pending items and money, read at scrape time', async () => {
    const admin = await createAdmin(ctx);
    const a = await customer(ctx);
    const payment = await createUpiPaymentType(ctx.app, admin.token);
    const bill = await addFunds(ctx.app, a.token, payment.id, '250.50');
    expect(bill.statusCode, bill.body).toBe(200);
    expect((await addFunds(ctx.app, a.token, payment.id, '100.00')).statusCode).toBe(200);
    await deposit(ctx.app, admin.token, a.id, '1000');
    expect((await withdrawUpi(ctx.app, a.token, '300')).statusCode).toBe(200);

    const text = (await scrape(TOKEN)).body;
    expect(sample(text, 'iddesk_database_up')).toBe(1);
    expect(sample(text, 'iddesk_change_feed_live')).toBe(1);
    expect(sample(text, 'iddesk_pending_items{queue="bills"}')).toBe(2);
    expect(sample(text, 'iddesk_pending_amount_minor_units{queue="bills"}')).toBe(35_050);
    expect(sample(text, 'iddesk_pending_items{queue="withdrawals"}')).toBe(1);
    expect(sample(text, 'iddesk_pending_amount_minor_units{queue="withdrawals"}')).toBe(30_000);
    expect(sample(text, 'iddesk_pending_items{queue="id_requests"}')).toBe(0);
    expect(sample(text, 'iddesk_pending_items{queue="new_ids"}')).toBe(0);

    // Handled items leave the queue.
    const approved = await post(
      ctx.app,
      `/api/admin/bills/${bill.json().data.id}/approve`,
      undefined,
      admin.token,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const after = (await scrape(TOKEN)).body;
    expect(sample(after, 'iddesk_pending_items{queue="bills"}')).toBe(1);
  });

  it('reports the image queue and, on PostgreSQL, the pool', async () => {
    const text = (await scrape(TOKEN)).body;
    expect(sample(text, 'iddesk_image_jobs_in_flight')).toBe(0);
    expect(sample(text, 'iddesk_image_sharp_tasks{state="queued"}')).toBe(0);
    expect(sample(text, 'iddesk_image_sharp_tasks{state="processing"}')).toBe(0);
    if (ctx.database.driver === 'postgres') {
      expect(sample(text, 'iddesk_db_pool_max_connections')).toBe(10);
      expect(sample(text, 'iddesk_db_pool_connections{state="idle"}')).toBeGreaterThan(0);
      expect(sample(text, 'iddesk_db_pool_waiting_requests')).toBe(0);
    } else {
      // PGlite is one connection in the process: no pool to report.
      expect(text).not.toContain('iddesk_db_pool_connections{');
    }
  });

  it('stays out of the OpenAPI document', async () => {
    const doc = (await get(ctx.app, '/api/openapi.json')).json<{ paths: object }>();
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });
});
