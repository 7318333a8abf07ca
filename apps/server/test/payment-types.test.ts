import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import { get, post, registerUser } from './helpers/test-app';
import { addFunds, PDF_BYTES, pngImage, postForm } from './helpers/wallet-fixtures';
import { useStaffedApp } from './helpers/staffed-app';

const { ctx, admin } = useStaffedApp();

describe('payment types', () => {
  it('an admin creates a bank type with a QR; customers see only active types', async () => {
    const res = await postForm(
      ctx.app,
      '/api/admin/payment_types/create',
      {
        name: 'HDFC current account',
        kind: 'bank',
        account_holder: 'ID Desk Pvt Ltd',
        account_number: '5010 0123 4567 89',
        ifsc: 'hdfc0001234',
        bank_name: 'HDFC Bank',
        upi_id: 'ignored@ok',
      },
      [{ field: 'qr', data: await pngImage(40, 40) }],
      admin.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('The payment type has been created.');
    const created = res.json().data;
    expect(created).toMatchObject({
      kind: 'bank',
      upi_id: null, // fields of the other kind are not kept
      account_number: '50100123456789',
      ifsc: 'HDFC0001234',
      is_active: true,
      qr_url: expect.stringMatching(/^\/api\/files\/public\//),
    });

    expect((await get(ctx.app, '/api/payment_types')).json().data.map((p: { id: number }) => p.id)).toContain(created.id);

    const off = await post(ctx.app, `/api/admin/payment_types/${created.id}/deactivate`, undefined, admin.token);
    expect(off.json()).toMatchObject({ message: 'The payment type has been deactivated.', data: { is_active: false } });
    expect((await get(ctx.app, '/api/payment_types')).json().data.map((p: { id: number }) => p.id)).not.toContain(created.id);
    expect((await get(ctx.app, '/api/admin/payment_types', admin.token)).json().data.map((p: { id: number }) => p.id)).toContain(created.id);

    const on = await post(ctx.app, `/api/admin/payment_types/${created.id}/activate`, undefined, admin.token);
    expect(on.json().data.is_active).toBe(true);

    const audits = await ctx.db.select().from(auditLog).where(and(eq(auditLog.objectType, 'payment_type'), eq(auditLog.objectId, String(created.id))));
    expect(audits.map((a) => a.action)).toEqual(['payment_type.create', 'payment_type.deactivate', 'payment_type.activate']);
  });

  it('edit keeps the QR unless replaced or removed; a replaced QR stops being served', async () => {
    const created = (
      await postForm(ctx.app, '/api/admin/payment_types/create', { name: 'GPay', kind: 'upi', upi_id: 'a@okaxis' }, [{ field: 'qr', data: await pngImage() }], admin.token)
    ).json().data;

    const kept = await postForm(ctx.app, `/api/admin/payment_types/${created.id}/edit`, { name: 'GPay 2', kind: 'upi', upi_id: 'b@okaxis' }, [], admin.token);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data).toMatchObject({ name: 'GPay 2', upi_id: 'b@okaxis', qr_url: created.qr_url });

    const replaced = await postForm(ctx.app, `/api/admin/payment_types/${created.id}/edit`, { name: 'GPay 2', kind: 'upi', upi_id: 'b@okaxis' }, [{ field: 'qr', data: await pngImage(20, 20) }], admin.token);
    const newUrl = replaced.json().data.qr_url as string;
    expect(newUrl).not.toBe(created.qr_url);
    expect((await get(ctx.app, created.qr_url)).statusCode).toBe(404);
    expect((await get(ctx.app, newUrl)).statusCode).toBe(200);

    const removed = await post(ctx.app, `/api/admin/payment_types/${created.id}/edit`, { name: 'GPay 2', kind: 'upi', upi_id: 'b@okaxis', remove_qr: true }, admin.token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.qr_url).toBeNull();

    const audit = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'payment_type.update'), eq(auditLog.objectId, String(created.id))));
    expect(audit[0]).toMatchObject({ before: { name: 'GPay', upi_id: 'a@okaxis' }, after: { name: 'GPay 2', upi_id: 'b@okaxis' } });
  });

  it('bad input is 422 per field; a non-image QR is refused and nothing is stored', async () => {
    const before = (await get(ctx.app, '/api/admin/payment_types', admin.token)).json().data.length;
    const res = await postForm(ctx.app, '/api/admin/payment_types/create', { name: '', kind: 'upi' }, [{ field: 'qr', data: PDF_BYTES }], admin.token);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['Enter a name.'],
      upi_id: ['Enter the UPI id.'],
    });
    const badQr = await postForm(ctx.app, '/api/admin/payment_types/create', { name: 'X', kind: 'upi', upi_id: 'x@ok' }, [{ field: 'qr', data: PDF_BYTES }], admin.token);
    expect(badQr.json().errors).toEqual({ qr: ['The file must be a JPEG, PNG or WebP image.'] });
    const noKind = await post(ctx.app, '/api/admin/payment_types/create', { name: 'X' }, admin.token);
    expect(noKind.json().errors).toEqual({ kind: ['Choose UPI or bank.'] });
    expect((await get(ctx.app, '/api/admin/payment_types', admin.token)).json().data.length).toBe(before);
    expect((await post(ctx.app, '/api/admin/payment_types/9999/deactivate', undefined, admin.token)).statusCode).toBe(404);
    expect((await post(ctx.app, '/api/admin/payment_types/9999/edit', { name: 'X', kind: 'upi', upi_id: 'x@ok' }, admin.token)).statusCode).toBe(404);
  });

  it('a deposit sees a deactivation at once, though payment types are kept in memory (issue 19)', async () => {
    const type = (await postForm(ctx.app, '/api/admin/payment_types/create', { name: 'Kept', kind: 'upi', upi_id: 'kept@okaxis' }, [], admin.token)).json().data;
    const customer = await registerUser(ctx.app);
    const send = () => addFunds(ctx.app, customer.token, type.id, '100.00');
    expect((await send()).statusCode).toBe(200);
    expect((await post(ctx.app, `/api/admin/payment_types/${type.id}/deactivate`, undefined, admin.token)).statusCode).toBe(200);
    const refused = await send();
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ payment_type_id: ['The selected payment type is not available.'] });
    expect((await post(ctx.app, `/api/admin/payment_types/${type.id}/activate`, undefined, admin.token)).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
  });
});
