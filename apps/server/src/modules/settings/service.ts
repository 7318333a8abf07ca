import {
  DEFAULT_SITE_SETTINGS,
  limitsToWire,
  type MoneyLimitsInput,
  type Settings,
  SITE_SETTING_KEYS,
  type SiteSettings,
} from '@iddesk/contract';
import type { Db } from '../../db/types';
import { writeAudit } from '../audit';
import { SETTING, SITE_SETTING_ROW_KEYS, siteSettingKey } from './keys';
import { getMoneyLimits, putMoneyLimits } from './money-limits';
import {
  getSetting,
  getSettingForUpdate,
  getSettings,
  getSettingsForUpdate,
  putSetting,
} from './repository';

export type Actor = { userId: number; ip: string };

export async function getMarque(db: Db): Promise<string> {
  return (await getSetting(db, SETTING.marque)) ?? '';
}

export async function setMarque(db: Db, actor: Actor, text: string): Promise<string> {
  await db.transaction(async (tx) => {
    const before = await getSettingForUpdate(tx, SETTING.marque);
    await putSetting(tx, SETTING.marque, text);
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'marque.update',
      objectType: 'setting',
      objectId: SETTING.marque,
      before: { text: before ?? '' },
      after: { text },
      ip: actor.ip,
    });
  });
  return text;
}

function toSiteSettings(rows: Map<string, string>): SiteSettings {
  const out = { ...DEFAULT_SITE_SETTINGS };
  for (const field of SITE_SETTING_KEYS) {
    const value = rows.get(siteSettingKey(field));
    if (value !== undefined) out[field] = value;
  }
  return out;
}

export async function getSiteSettings(db: Db): Promise<Settings> {
  const [rows, moneyLimits] = await Promise.all([getSettings(db, SITE_SETTING_ROW_KEYS), getMoneyLimits(db)]);
  return { ...toSiteSettings(rows), money_limits: moneyLimits };
}

/**
 * Replace every site setting, and the money limits when they are sent (issue 17). The audit
 * entry records only the fields that changed, with their old and new values, in the same
 * transaction as the change.
 */
export async function updateSiteSettings(
  db: Db,
  actor: Actor,
  input: SiteSettings & { money_limits?: MoneyLimitsInput | undefined },
): Promise<Settings> {
  return db.transaction(async (tx) => {
    const current = toSiteSettings(
      await getSettingsForUpdate(tx, [...SITE_SETTING_ROW_KEYS, SETTING.moneyLimits]),
    );
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const field of SITE_SETTING_KEYS) {
      if (current[field] === input[field]) continue;
      before[field] = current[field];
      after[field] = input[field];
      await putSetting(tx, siteSettingKey(field), input[field]);
    }
    const currentLimits = await getMoneyLimits(tx);
    let moneyLimits = currentLimits;
    if (input.money_limits !== undefined) {
      moneyLimits = limitsToWire(input.money_limits);
      if (JSON.stringify(moneyLimits) !== JSON.stringify(currentLimits)) {
        before.money_limits = currentLimits;
        after.money_limits = moneyLimits;
        await putMoneyLimits(tx, moneyLimits);
      }
    }
    await writeAudit(tx, {
      actorId: actor.userId,
      action: 'settings.update',
      objectType: 'setting',
      objectId: 'site',
      before,
      after,
      ip: actor.ip,
    });
    const text = Object.fromEntries(SITE_SETTING_KEYS.map((field) => [field, input[field]])) as SiteSettings;
    return { ...text, money_limits: moneyLimits };
  });
}
