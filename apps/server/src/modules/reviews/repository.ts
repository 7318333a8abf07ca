import { count, desc, eq, sql } from 'drizzle-orm';
import { reviews, users } from '../../db/schema';
import type { Db } from '../../db/types';
import { signalTableChanged } from '../../db/change-feed';

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
  signalTableChanged('reviews');
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
  signalTableChanged('reviews');
  await db
    .update(reviews)
    .set({ isHidden, updatedAt: sql`now()` })
    .where(eq(reviews.id, id));
}

export async function listReviews(
  db: Db,
  { visibleOnly, limit, offset }: { visibleOnly: boolean; limit: number; offset: number },
): Promise<ReviewWithAuthor[]> {
  return db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(visibleOnly ? eq(reviews.isHidden, false) : undefined)
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
}

export async function countReviews(db: Db): Promise<number> {
  return db.$count(reviews);
}

/** Count and mean rating of the visible reviews, in one pass. */
export async function visibleSummary(db: Db): Promise<{ total: number; average: number | null }> {
  const rows = await db
    .select({ total: count(), average: sql<string | null>`avg(${reviews.rating})` })
    .from(reviews)
    .where(eq(reviews.isHidden, false));
  const row = rows[0];
  return {
    total: Number(row?.total ?? 0),
    average: row?.average == null ? null : Number(row.average),
  };
}
