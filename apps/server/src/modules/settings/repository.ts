import { eq, inArray, sql } from 'drizzle-orm';
import { settings } from '../../db/schema';
import type { Db } from '../../db/types';

export async function getSetting(db: Db, key: string): Promise<string | null> {
  const rows = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key))
    .limit(1);
  return rows[0]?.value ?? null;
}

/** Lock the row (when it exists) so a concurrent change waits and the audit "before" is true. */
export async function getSettingForUpdate(db: Db, key: string): Promise<string | null> {
  const rows = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key))
    .for('update');
  return rows[0]?.value ?? null;
}

/** Several settings at once, as key → value (missing keys are absent). */
export async function getSettings(db: Db, keys: string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, keys));
  return new Map(rows.map((r) => [r.key, r.value]));
}

export async function getSettingsForUpdate(db: Db, keys: string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, keys))
    .for('update');
  return new Map(rows.map((r) => [r.key, r.value]));
}

export async function putSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}
