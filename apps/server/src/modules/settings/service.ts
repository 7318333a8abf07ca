import type { Db } from '../../db/types';
import { writeAudit } from '../audit/repository';
import { SETTING } from './keys';
import { getSetting, getSettingForUpdate, putSetting } from './repository';

export async function getMarque(db: Db): Promise<string> {
  return (await getSetting(db, SETTING.marque)) ?? '';
}

export async function setMarque(
  db: Db,
  actor: { userId: number; ip: string },
  text: string,
): Promise<string> {
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
