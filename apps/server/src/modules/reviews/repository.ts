import { count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { reviews, users } from '../../db/schema';
import type { Db } from '../../db/types';

/** A review with its author's current name. */
const reviewColumns = {
  id: reviews.id,
  userId: reviews.userId,
  rating: reviews.rating,
  text: reviews.text,
  isHidden: reviews.isHidden,
  createdAt: reviews.createdAt,
  authorName: users.name,
};

export type ReviewWithAuthor = {
  id: number;
  userId: number;
  rating: number;
  text: string;
  isHidden: boolean;
  createdAt: Date;
  authorName: string;
};

const newestFirst = [desc(reviews.createdAt), desc(reviews.id)] as const;

export async function insertReview(
  db: Db,
  values: { userId: number; rating: number; text: string },
): Promise<number> {
  const rows = await db.insert(reviews).values(values).returning({ id: reviews.id });
  return rows[0]!.id;
}

export async function findReview(db: Db, id: number): Promise<ReviewWithAuthor | null> {
  const rows = await db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** Lock one review so two moderators' changes serialise and the audit "before" is true. */
export async function lockReview(db: Db, id: number): Promise<{ isHidden: boolean } | null> {
  const rows = await db
    .select({ isHidden: reviews.isHidden })
    .from(reviews)
    .where(eq(reviews.id, id))
    .for('update');
  return rows[0] ?? null;
}

export async function setReviewHidden(db: Db, id: number, isHidden: boolean): Promise<void> {
  await db
    .update(reviews)
    .set({ isHidden, updatedAt: sql`now()` })
    .where(eq(reviews.id, id));
}

/**
 * A page of reviews (newest first) with the count and mean rating of every review the page is
 * drawn from, in one statement: the two aggregates are scalar subqueries run once
 * (lib/pagination.ts withTotal). A page past the last one reads them on their own.
 */
export async function listReviews(
  db: Db,
  { visibleOnly, limit, offset }: { visibleOnly: boolean; limit: number; offset: number },
): Promise<{ rows: ReviewWithAuthor[]; total: number; average: number | null }> {
  const where = visibleOnly ? eq(reviews.isHidden, false) : undefined;
  const average = sql<string | null>`(select avg(${reviews.rating}) from ${reviews}${where ? sql` where ${where}` : sql``})`;
  const rows = await db
    .select({ ...reviewColumns, total: db.$count(reviews, where), average })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(where)
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
  const first = rows[0];
  const summary = first
    ? { total: Number(first.total), average: first.average == null ? null : Number(first.average) }
    : offset === 0
      ? { total: 0, average: null }
      : await summaryOf(db, where);
  return { rows: rows.map(({ total: _total, average: _average, ...row }) => row), ...summary };
}

/** Count and mean rating of the reviews, in one pass. */
async function summaryOf(db: Db, where: SQL | undefined): Promise<{ total: number; average: number | null }> {
  const rows = await db
    .select({ total: count(), average: sql<string | null>`avg(${reviews.rating})` })
    .from(reviews)
    .where(where);
  const row = rows[0];
  return {
    total: Number(row?.total ?? 0),
    average: row?.average == null ? null : Number(row.average),
  };
}
