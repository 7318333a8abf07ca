import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, uploads } from '../src/db/schema';
import { pngImage, postForm } from './helpers/wallet-fixtures';
import { get, post, registerUser } from './helpers/test-app';
import { useStaffedApp } from './helpers/staffed-app';

const { ctx, admin } = useStaffedApp();

describe('media', () => {
  it('is public and empty at first', async () => {
    const res = await get(ctx.app, '/api/media');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: null, data: [] });
  });

  it('an image item: create, list, fetch the public file, delete (rows and file gone)', async () => {
    const png = await pngImage(320, 200);
    const created = await postForm(
      ctx.app,
      '/api/admin/media/create',
      { title: ' Payout day ', order: '2' },
      [{ field: 'image', data: png }],
      admin.token,
    );
    expect(created.statusCode, created.body).toBe(200);
    const item = created.json().data;
    expect(item).toMatchObject({
      kind: 'image',
      title: 'Payout day',
      order: 2,
      width: 320,
      height: 200,
      video_url: null,
      embed_url: null,
      image_url: expect.stringMatching(/^\/api\/files\/public\/[0-9a-f]{32}\.webp$/),
    });

    const list = (await get(ctx.app, '/api/media')).json().data;
    expect(list).toEqual([item]);

    const file = await get(ctx.app, item.image_url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');

    const deleted = await post(
      ctx.app,
      `/api/admin/media/${item.id}/delete`,
      undefined,
      admin.token,
    );
    expect(deleted.statusCode).toBe(200);
    expect((await get(ctx.app, '/api/media')).json().data).toEqual([]);
    expect((await get(ctx.app, item.image_url)).statusCode).toBe(404);
    expect(await ctx.db.select().from(uploads)).toHaveLength(0);
    const key = item.image_url.split('/').pop();
    expect(await ctx.app.storage.get(`public/${key}`)).toBeNull();
  });

  it('a video item from a YouTube link gets a privacy-enhanced embed URL; edit and delete it', async () => {
    const created = await postForm(
      ctx.app,
      '/api/admin/media/create',
      { title: 'How it works', video_url: 'https://youtu.be/dQw4w9WgXcQ' },
      [],
      admin.token,
    );
    expect(created.statusCode, created.body).toBe(200);
    const item = created.json().data;
    expect(item).toMatchObject({
      kind: 'video',
      order: 0,
      image_url: null,
      video_url: 'https://youtu.be/dQw4w9WgXcQ',
      video_provider: 'youtube',
      embed_url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    });

    const edited = await post(
      ctx.app,
      `/api/admin/media/${item.id}/edit`,
      { title: 'How ID Desk works', order: -1 },
      admin.token,
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      id: item.id,
      title: 'How ID Desk works',
      order: -1,
    });

    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.objectId, String(item.id)));
    expect(entries.map((e) => e.action)).toEqual(['media.create', 'media.update']);

    expect(
      (await post(ctx.app, `/api/admin/media/${item.id}/delete`, undefined, admin.token))
        .statusCode,
    ).toBe(200);
    expect(
      (await post(ctx.app, `/api/admin/media/${item.id}/delete`, undefined, admin.token))
        .statusCode,
    ).toBe(404);
  });

  it('lists by order ascending, newest first within one order', async () => {
    const make = async (title: string, order?: string) =>
      (
        await postForm(
          ctx.app,
          '/api/admin/media/create',
          { title, video_url: 'https://vimeo.com/76979871', ...(order ? { order } : {}) },
          [],
          admin.token,
        )
      ).json().data;
    await make('B');
    await make('C');
    await make('A', '-5');
    await make('Z', '10');
    const titles = (await get(ctx.app, '/api/media'))
      .json()
      .data.map((m: { title: string }) => m.title);
    expect(titles).toEqual(['A', 'C', 'B', 'Z']);
  });

  it('refuses no source, both sources, a non-https or unknown link, a non-image file, and names the field', async () => {
    const cases: [Record<string, string>, boolean, string][] = [
      [{ title: 'x' }, false, 'image'],
      [{ title: 'x', video_url: 'https://youtu.be/dQw4w9WgXcQ' }, true, 'video_url'],
      [{ title: 'x', video_url: 'http://youtu.be/dQw4w9WgXcQ' }, false, 'video_url'],
      [{ title: 'x', video_url: 'https://example.com/watch' }, false, 'video_url'],
      [{ title: '', video_url: 'https://youtu.be/dQw4w9WgXcQ' }, false, 'title'],
    ];
    const png = await pngImage();
    for (const [fields, withImage, field] of cases) {
      const res = await postForm(
        ctx.app,
        '/api/admin/media/create',
        fields,
        withImage ? [{ field: 'image', data: png }] : [],
        admin.token,
      );
      expect(res.statusCode, JSON.stringify(fields)).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(fields)).toContain(field);
    }
    const text = await postForm(
      ctx.app,
      '/api/admin/media/create',
      { title: 'x' },
      [{ field: 'image', data: Buffer.from('<svg onload=alert(1)>'), type: 'image/png' }],
      admin.token,
    );
    expect(text.statusCode).toBe(422);
    expect(Object.keys(text.json().errors)).toEqual(['image']);
  });

  it('media admin calls are 403 for a customer and 401 for a guest', async () => {
    const user = await registerUser(ctx.app);
    const form = { title: 'x', video_url: 'https://youtu.be/dQw4w9WgXcQ' };
    expect(
      (await postForm(ctx.app, '/api/admin/media/create', form, [], user.token)).statusCode,
    ).toBe(403);
    expect((await postForm(ctx.app, '/api/admin/media/create', form)).statusCode).toBe(401);
    expect(
      (await post(ctx.app, '/api/admin/media/1/edit', { title: 'x' }, user.token)).statusCode,
    ).toBe(403);
    expect(
      (await post(ctx.app, '/api/admin/media/1/delete', undefined, user.token)).statusCode,
    ).toBe(403);
  });

  it('the CSP lets YouTube and Vimeo players frame in, and only them', async () => {
    const res = await get(ctx.app, '/api/media');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain('frame-src https://www.youtube-nocookie.com https://player.vimeo.com');
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
