import { PAGE_SIZE } from '@iddesk/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, reviews } from '../src/db/schema';
import { createAdmin, get, post, registerUser, useTestApp } from './helpers/test-app';

const ctx = useTestApp();

describe('reviews', () => {
  it('a review by a guest is 401, before the body is looked at', async () => {
    const res = await post(ctx.app, '/api/add_review', { rating: 9, junk: true });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it('rating 0 or 6 is a 422 on "rating"', async () => {
    const user = await registerUser(ctx.app);
    for (const rating of [0, 6, 4.5, 'five']) {
      const res = await post(ctx.app, '/api/add_review', { rating, text: 'Fine' }, user.token);
      expect(res.statusCode, String(rating)).toBe(422);
      expect(res.json().errors).toEqual({ rating: ['Choose a rating from 1 to 5 stars.'] });
    }
  });

  it('empty, blank or 5 001-character text is a 422 on "text"; 5 000 is fine', async () => {
    const user = await registerUser(ctx.app);
    for (const text of ['', '   \n ', 'x'.repeat(5001)]) {
      const res = await post(ctx.app, '/api/add_review', { rating: 5, text }, user.token);
      expect(res.statusCode, `length ${text.length}`).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['text']);
    }
    const missing = await post(ctx.app, '/api/add_review', { rating: 5 }, user.token);
    expect(missing.json().errors.text).toHaveLength(1);
    const longest = await post(
      ctx.app,
      '/api/add_review',
      { rating: 5, text: 'y'.repeat(5000) },
      user.token,
    );
    expect(longest.statusCode).toBe(200);
  });

  it('a signed-in user publishes a review under their name; text is trimmed and kept verbatim', async () => {
    const user = await registerUser(ctx.app, { name: 'Asha Rao' });
    const res = await post(
      ctx.app,
      '/api/add_review',
      { rating: '4', text: '  <script>alert(1)</script> & "quotes"  ' },
      user.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: expect.any(String),
      data: {
        id: expect.any(Number),
        rating: 4,
        text: '<script>alert(1)</script> & "quotes"',
        author_name: 'Asha Rao',
        created_at: expect.any(String),
      },
    });
  });
});

describe('the review list', () => {
  const list = useTestApp();

  it('is public, empty at first, with no average', async () => {
    const res = await get(list.app, '/api/reviews');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      items: [],
      page: 1,
      per_page: PAGE_SIZE,
      total: 0,
      last_page: 1,
      average_rating: null,
    });
  });

  it('is newest first, 15 a page, with the average of every visible review', async () => {
    const user = await registerUser(list.app);
    const ratings = [5, 4, 3, 5, 5, 4, 2, 5, 5, 4, 3, 5, 1, 5, 4, 5, 3];
    for (const [i, rating] of ratings.entries()) {
      const res = await post(
        list.app,
        '/api/add_review',
        { rating, text: `Review ${i + 1}` },
        user.token,
      );
      expect(res.statusCode).toBe(200);
    }
    const first = (await get(list.app, '/api/reviews')).json().data;
    expect(first.items).toHaveLength(15);
    expect(first.items[0].text).toBe('Review 17');
    expect(first.items[14].text).toBe('Review 3');
    expect(first).toMatchObject({ page: 1, per_page: 15, total: 17, last_page: 2 });
    const mean = ratings.reduce((a, b) => a + b, 0) / ratings.length;
    expect(first.average_rating).toBe(Math.round(mean * 10) / 10);

    const second = (await get(list.app, '/api/reviews?page=2&perPage=15')).json().data;
    expect(second.items.map((r: { text: string }) => r.text)).toEqual(['Review 2', 'Review 1']);
  });

  it('hidden reviews leave the list and the average; unhiding brings them back; both audited', async () => {
    const admin = await createAdmin(list);
    const user = await registerUser(list.app);
    const spam = (
      await post(list.app, '/api/add_review', { rating: 1, text: 'Spam spam' }, user.token)
    ).json().data;

    const before = (await get(list.app, '/api/reviews')).json().data;
    expect(before.items[0].id).toBe(spam.id);

    const hide = await post(list.app, `/api/admin/reviews/${spam.id}/hide`, undefined, admin.token);
    expect(hide.statusCode).toBe(200);
    expect(hide.json().data).toMatchObject({ id: spam.id, is_hidden: true });

    const after = (await get(list.app, '/api/reviews')).json().data;
    expect(after.items.map((r: { id: number }) => r.id)).not.toContain(spam.id);
    expect(after.total).toBe(before.total - 1);
    expect(after.average_rating).toBeGreaterThan(before.average_rating);

    const adminList = (await get(list.app, '/api/admin/reviews', admin.token)).json().data;
    expect(adminList.items[0]).toMatchObject({
      id: spam.id,
      is_hidden: true,
      user_id: expect.any(Number),
    });

    const unhide = await post(
      list.app,
      `/api/admin/reviews/${spam.id}/unhide`,
      undefined,
      admin.token,
    );
    expect(unhide.json().data.is_hidden).toBe(false);
    expect((await get(list.app, '/api/reviews')).json().data.total).toBe(before.total);

    const entries = await list.db.select().from(auditLog).where(eq(auditLog.objectType, 'review'));
    expect(entries.map((e) => e.action)).toEqual(['review.hide', 'review.unhide']);
    expect(entries[0]).toMatchObject({
      objectId: String(spam.id),
      before: { is_hidden: false },
      after: { is_hidden: true },
    });
  });

  it('hiding is admin-only (403 for a customer, 401 for a guest) and 404 for an unknown review', async () => {
    const user = await registerUser(list.app);
    const [review] = await list.db.select({ id: reviews.id }).from(reviews).limit(1);
    expect(
      (await post(list.app, `/api/admin/reviews/${review!.id}/hide`, undefined, user.token))
        .statusCode,
    ).toBe(403);
    expect((await post(list.app, `/api/admin/reviews/${review!.id}/hide`)).statusCode).toBe(401);
    expect((await get(list.app, '/api/admin/reviews', user.token)).statusCode).toBe(403);
    const admin = await createAdmin(list);
    expect(
      (await post(list.app, '/api/admin/reviews/999999/hide', undefined, admin.token)).statusCode,
    ).toBe(404);
  });

  it('the author name follows a profile rename', async () => {
    const user = await registerUser(list.app, { name: 'Old Name' });
    await post(list.app, '/api/add_review', { rating: 5, text: 'Renamed later' }, user.token);
    await post(
      list.app,
      '/api/user/update',
      { name: 'New Name', email: user.email, phone: user.phone },
      user.token,
    );
    const top = (await get(list.app, '/api/reviews')).json().data.items[0];
    expect(top).toMatchObject({ text: 'Renamed later', author_name: 'New Name' });
  });
});
