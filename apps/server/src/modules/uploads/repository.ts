import { and, eq } from 'drizzle-orm';
import { uploads, type UploadRow } from '../../db/schema';
import type { Db, Tx } from '../../db/types';

export async function insertUpload(
  tx: Tx,
  values: Omit<UploadRow, 'createdAt'>,
): Promise<void> {
  await tx.insert(uploads).values(values);
}

export async function findUpload(
  db: Db,
  key: string,
  visibility: UploadRow['visibility'],
): Promise<UploadRow | null> {
  const rows = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.key, key), eq(uploads.visibility, visibility)))
    .limit(1);
  return rows[0] ?? null;
}

export async function deleteUpload(tx: Tx, key: string): Promise<void> {
  await tx.delete(uploads).where(eq(uploads.key, key));
}
