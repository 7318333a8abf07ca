import { describe, expect, it } from 'vitest';
import { activeId, approveId, createFromWallet, customerWith, depositFromWallet, handle } from './helpers/ids-fixtures';
import { type ApiResponse, get, post } from './helpers/test-app';
import { notificationsCreatedBy, notificationsOfCall } from './helpers/notification-fixtures';

import { useStaffedApp } from './helpers/staffed-app';

/** The IDs side of "one notification per admin action, for the right user only". */

const { ctx, admin, item } = useStaffedApp({ item: { name: 'Lotus Book' }, ledgerCheck: true });

const created = (action: () => Promise<unknown>) => notificationsCreatedBy(ctx, action);
const createdBy = (call: () => Promise<ApiResponse>) => notificationsOfCall(ctx, call);

describe('new IDs', () => {
  it('approved: one notification for the owner, linking to the ID and its credentials', async () => {
    const user = await customerWith(ctx, admin.token, '1000');
    const bystander = await customerWith(ctx, admin.token, '1000');
    const id = (await createFromWallet(ctx.app, user.token, item.id)).json().data.id as number;
    await createFromWallet(ctx.app, bystander.token, item.id);
    const rows = await createdBy(() => approveId(ctx.app, admin.token, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: user.id,
      title: 'Your ID is ready',
      link: `/my_ids/${id}`,
    });
    expect(rows[0]!.body).toContain('Lotus Book');
    // The credentials are on the ID's page, never in the notification.
    expect(rows[0]!.body).not.toMatch(/lotus-login|S3cret/);
  });

  it('rejected: one notification for the owner, with the reason', async () => {
    const user = await customerWith(ctx, admin.token, '1000');
    const id = (await createFromWallet(ctx.app, user.token, item.id)).json().data.id as number;
    const rows = await createdBy(() => post(ctx.app, `/api/admin/user_ids/${id}/reject`, { comment: 'Username taken' }, admin.token));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: user.id,
      title: 'ID request rejected',
      link: `/my_ids/${id}`,
    });
    expect(rows[0]!.body).toContain('Reason: Username taken');
  });

  it('a second decision (409) writes none', async () => {
    const user = await customerWith(ctx, admin.token, '1000');
    const id = (await createFromWallet(ctx.app, user.token, item.id)).json().data.id as number;
    const approved = await approveId(ctx.app, admin.token, id);
    expect(approved.statusCode, approved.body).toBe(200);
    const rows = await created(async () => {
      expect(
        (await post(ctx.app, `/api/admin/user_ids/${id}/reject`, undefined, admin.token))
          .statusCode,
      ).toBe(409);
    });
    expect(rows).toEqual([]);
  });
});

describe('requests on an ID: each handled one tells its owner once', () => {
  it('deposit approved and deposit rejected', async () => {
    const { user, userIdId } = await activeId(ctx, admin.token, item.id);
    const first = (await depositFromWallet(ctx.app, user.token, userIdId, '300')).json().data
      .id as number;
    const second = (await depositFromWallet(ctx.app, user.token, userIdId, '200')).json().data
      .id as number;

    const approved = await createdBy(() => handle(ctx.app, admin.token, first, { action: 'approve' }));
    expect(approved).toHaveLength(1);
    expect(approved[0]).toMatchObject({
      userId: user.id,
      title: 'Request approved',
      link: `/my_ids/${userIdId}`,
    });
    expect(approved[0]!.body).toContain('deposit of ₹300.00');

    const rejected = await createdBy(() => handle(ctx.app, admin.token, second, { action: 'reject', comment: 'Try later' }));
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toMatchObject({ userId: user.id, title: 'Request rejected' });
    expect(rejected[0]!.body).toContain('Reason: Try later');
  });

  it('withdraw, change password and close', async () => {
    const { user, userIdId } = await activeId(ctx, admin.token, item.id);
    const withdraw = (
      await post(ctx.app, `/api/user_ids/${userIdId}/withdraw`, { amount: '250' }, user.token)
    ).json().data.id;
    const rows = await createdBy(() => handle(ctx.app, admin.token, withdraw, { action: 'approve', amount: '240.50' }));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.body).toContain('withdrawal of ₹240.50');

    const change = (
      await post(
        ctx.app,
        `/api/user_ids/${userIdId}/change_password`,
        { password: 'Wish-2026' },
        user.token,
      )
    ).json().data.id;
    const changed = await createdBy(() => handle(ctx.app, admin.token, change, { action: 'approve', password: 'Given-2026' }));
    expect(changed).toHaveLength(1);
    expect(changed[0]!.body).toContain('password change');
    expect(changed[0]!.body).not.toContain('Given-2026');

    const close = (
      await post(ctx.app, `/api/user_ids/${userIdId}/close`, undefined, user.token)
    ).json().data.id;
    const closed = await createdBy(() => handle(ctx.app, admin.token, close, { action: 'approve', amount: '0' }));
    expect(closed).toHaveLength(1);
    expect(closed[0]).toMatchObject({ userId: user.id, title: 'Request approved' });
    expect(closed[0]!.body).toContain('request to close the ID');
  });

  it('a request handled twice (409) writes one', async () => {
    const { user, userIdId } = await activeId(ctx, admin.token, item.id);
    const req = (await depositFromWallet(ctx.app, user.token, userIdId, '100')).json().data
      .id as number;
    const rows = await created(async () => {
      const results = await Promise.all([
        handle(ctx.app, admin.token, req, { action: 'approve' }),
        handle(ctx.app, admin.token, req, { action: 'reject' }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userId).toBe(user.id);
  });
});

describe('GET /admin/stats: the IDs queues', () => {
  it('counts pending new IDs and pending requests (not the create requests)', async () => {
    const stats = async () => (await get(ctx.app, '/api/admin/stats', admin.token)).json().data;
    const before = await stats();
    const { user, userIdId } = await activeId(ctx, admin.token, item.id);
    const other = await customerWith(ctx, admin.token, '1000');
    await createFromWallet(ctx.app, other.token, item.id);
    await depositFromWallet(ctx.app, user.token, userIdId, '100');
    expect(await stats()).toMatchObject({
      new_ids: before.new_ids + 1,
      requests: before.requests + 1,
    });
  });
});
