import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, catalogueItems, uploads } from '../src/db/schema';
import { get, post } from './helpers/test-app';
import { createFromWallet, createItem, customer, customerWith } from './helpers/ids-fixtures';
import { jpegWithExif, postForm } from './helpers/wallet-fixtures';
import { useStaffedApp } from './helpers/staffed-app';

const { ctx, admin } = useStaffedApp({ ledgerCheck: true });

describe('catalogue', () => {
  it('GET /ids lists active items; demo credentials only for signed-in callers', async () => {
    const shown = await createItem(ctx.app, admin.token, { name: 'Shown' });
    const hidden = await createItem(ctx.app, admin.token, { name: 'Hidden', is_active: 'false' });
    const noDemo = await createItem(ctx.app, admin.token, { name: 'No demo', demo_login: '', demo_password: '' });

    const guest = (await get(ctx.app, '/api/ids')).json().data as { id: number }[];
    expect(guest.map((i) => i.id)).toEqual(expect.arrayContaining([shown.id, noDemo.id]));
    expect(guest.map((i) => i.id)).not.toContain(hidden.id);
    expect(guest.find((i) => i.id === shown.id)).toMatchObject({
      name: 'Shown',
      website: 'https://lotus.example.com/',
      min_deposit: '100.00',
      is_active: true,
      has_demo: true,
      demo_login: null,
      demo_password: null,
      logo_url: expect.stringMatching(/^\/api\/files\/public\//),
    });
    // An invalid token is simply a guest here: the list is public.
    expect((await get(ctx.app, '/api/ids', 'x'.repeat(43))).json().data[0].demo_login).toBeNull();

    const user = await customer(ctx);
    const signedIn = (await get(ctx.app, '/api/ids', user.token)).json().data as { id: number }[];
    expect(signedIn.find((i) => i.id === shown.id)).toMatchObject({ demo_login: 'demo_lotus', demo_password: 'demo-pass-123' });
    expect(signedIn.find((i) => i.id === noDemo.id)).toMatchObject({ has_demo: false, demo_login: null });

    expect((await get(ctx.app, `/api/ids/${shown.id}`)).statusCode).toBe(200);
    expect((await get(ctx.app, `/api/ids/${hidden.id}`, user.token)).statusCode).toBe(404);
    expect((await get(ctx.app, `/api/ids/${hidden.id}`, admin.token)).statusCode).toBe(200);

    // The logo is a public, re-encoded image.
    const logo = await get(ctx.app, shown.logo_url);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/webp');
  });

  it('admin create and edit: website normalised, logo replaced (old file gone), audit written', async () => {
    const created = await createItem(ctx.app, admin.token, { name: 'Edit me', website: 'edit.example.com' });
    expect(created).toMatchObject({ website: 'https://edit.example.com/', user_id_count: 0 });
    const res = await postForm(
      ctx.app,
      `/api/admin/ids/${created.id}/edit`,
      { name: 'Edited', website: 'https://edited.example.com', description: 'New text', min_deposit: '250.50', is_active: 'false' },
      [{ field: 'image', data: await jpegWithExif() }],
      admin.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'The ID has been saved.',
      data: { name: 'Edited', min_deposit: '250.50', is_active: false, has_demo: false, description: 'New text' },
    });
    expect(res.json().data.logo_url).not.toBe(created.logo_url);
    expect((await get(ctx.app, created.logo_url)).statusCode).toBe(404);
    expect((await get(ctx.app, res.json().data.logo_url)).headers['content-type']).toBe('image/jpeg');

    // Without a new image the logo stays.
    const kept = await postForm(
      ctx.app,
      `/api/admin/ids/${created.id}/edit`,
      { name: 'Edited', website: 'https://edited.example.com', min_deposit: '250.50' },
      [],
      admin.token,
    );
    expect(kept.json().data).toMatchObject({ logo_url: res.json().data.logo_url, is_active: false });

    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.objectType, 'catalogue_item'));
    expect(audits.filter((a) => a.objectId === String(created.id)).map((a) => a.action)).toEqual([
      'catalogue_item.create',
      'catalogue_item.update',
      'catalogue_item.update',
    ]);
  });

  it('delete removes an unused item (and its logo) but only deactivates one with user IDs', async () => {
    const unused = await createItem(ctx.app, admin.token, { name: 'Unused' });
    const del = await post(ctx.app, `/api/admin/ids/${unused.id}/delete`, undefined, admin.token);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: 'The ID has been deleted.', data: { id: unused.id, deleted: true } });
    expect(await ctx.db.$count(catalogueItems, eq(catalogueItems.id, unused.id))).toBe(0);
    expect((await get(ctx.app, unused.logo_url)).statusCode).toBe(404);

    const used = await createItem(ctx.app, admin.token, { name: 'Used' });
    const user = await customerWith(ctx, admin.token, '500');
    const created = (await createFromWallet(ctx.app, user.token, used.id, '200')).json().data;
    const deactivated = await post(ctx.app, `/api/admin/ids/${used.id}/delete`, undefined, admin.token);
    expect(deactivated.json()).toEqual({
      message: 'Customers have IDs on it, so it has been deactivated instead of deleted.',
      data: { id: used.id, deleted: false },
    });
    const list = (await get(ctx.app, '/api/admin/ids', admin.token)).json().data as { id: number }[];
    expect(list.find((i) => i.id === used.id)).toMatchObject({ is_active: false, user_id_count: 1 });
    expect((await get(ctx.app, '/api/ids')).json().data.map((i: { id: number }) => i.id)).not.toContain(used.id);
    // The customer's ID keeps its item and logo.
    const mine = (await get(ctx.app, `/api/user_ids/${created.id}`, user.token)).json().data;
    expect(mine.item).toMatchObject({ id: used.id, name: 'Used' });
    expect((await get(ctx.app, mine.item.logo_url)).statusCode).toBe(200);
    expect(await ctx.db.$count(uploads)).toBeGreaterThan(0);
  });
});
