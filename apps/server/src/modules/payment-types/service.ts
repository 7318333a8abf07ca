import type { PaymentTypeBodySchema } from '@iddesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { PaymentTypeRow } from '../../db/schema';
import type { Db } from '../../db/types';
import { NotFoundError } from '../../errors/app-errors';
import type { Storage } from '../../lib/storage';
import type { Actor } from '../audit';
import { writeAudit } from '../audit';
import { deleteUpload } from '../uploads';
import { recordUpload, removeFile, storeImage, withStoredImage } from '../uploads';
import {
  findPaymentType,
  findPaymentTypeForUpdate,
  insertPaymentType,
  type PaymentTypeValues,
  updatePaymentType,
} from './repository';
import { auditViewOf } from './serialize';

type Input = z.output<typeof PaymentTypeBodySchema>;
type Deps = { db: Db; storage: Storage; log: FastifyBaseLogger };

/** Only the fields of the chosen kind are kept, so a UPI type never shows stale bank details. */
function detailsOf(input: Input): Omit<PaymentTypeValues, 'qrKey' | 'isActive'> {
  const upi = input.kind === 'upi';
  return {
    name: input.name,
    kind: input.kind,
    upiId: upi ? (input.upi_id ?? null) : null,
    accountHolder: upi ? null : (input.account_holder ?? null),
    accountNumber: upi ? null : (input.account_number ?? null),
    ifsc: upi ? null : (input.ifsc ?? null),
    bankName: upi ? null : (input.bank_name ?? null),
  };
}

export async function createPaymentType(
  { db, storage, log }: Deps,
  actor: Actor,
  input: Input,
  qr: Buffer | undefined,
): Promise<PaymentTypeRow> {
  const image = qr ? await storeImage(storage, qr, 'public', 'qr') : null;
  return withStoredImage(storage, log, image, () =>
    db.transaction(async (tx) => {
      if (image) await recordUpload(tx, image, null);
      const row = await insertPaymentType(tx, {
        ...detailsOf(input),
        qrKey: image?.key ?? null,
        isActive: input.is_active ?? true,
      });
      await writeAudit(tx, {
        actorId: actor.userId,
        action: 'payment_type.create',
        objectType: 'payment_type',
        objectId: row.id,
        after: auditViewOf(row),
        ip: actor.ip,
      });
      return row;
    }),
  );
}

/** Edit; a new `qr` replaces the old image, `remove_qr` drops it, neither keeps it. */
export async function editPaymentType(
  { db, storage, log }: Deps,
  actor: Actor,
  id: number,
  input: Input,
  qr: Buffer | undefined,
): Promise<PaymentTypeRow> {
  if (!(await findPaymentType(db, id))) throw new NotFoundError();
  const image = qr ? await storeImage(storage, qr, 'public', 'qr') : null;
  const { row, droppedKey } = await withStoredImage(storage, log, image, () =>
    db.transaction(async (tx) => {
      const before = await findPaymentTypeForUpdate(tx, id);
      if (!before) throw new NotFoundError();
      if (image) await recordUpload(tx, image, null);
      const qrKey = image ? image.key : input.remove_qr ? null : before.qrKey;
      const row = await updatePaymentType(tx, id, {
        ...detailsOf(input),
        qrKey,
        isActive: input.is_active ?? before.isActive,
      });
      const droppedKey = before.qrKey !== qrKey ? before.qrKey : null;
      if (droppedKey) await deleteUpload(tx, droppedKey);
      await writeAudit(tx, {
        actorId: actor.userId,
        action: 'payment_type.update',
        objectType: 'payment_type',
        objectId: id,
        before: auditViewOf(before),
        after: auditViewOf(row),
        ip: actor.ip,
      });
      return { row, droppedKey };
    }),
  );
  // Only after the commit: until then the old image may still be served.
  if (droppedKey) await removeFile(storage, log, 'public', droppedKey);
  return row;
}

/** Deactivated types disappear from the add-funds screen; old bills keep pointing at them. */
export async function setPaymentTypeActive(
  db: Db,
  actor: Actor,
  id: number,
  isActive: boolean,
): Promise<PaymentTypeRow> {
  return db.transaction(async (tx) => {
    const before = await findPaymentTypeForUpdate(tx, id);
    if (!before) throw new NotFoundError();
    const row = await updatePaymentType(tx, id, { isActive });
    await writeAudit(tx, {
      actorId: actor.userId,
      action: isActive ? 'payment_type.activate' : 'payment_type.deactivate',
      objectType: 'payment_type',
      objectId: id,
      before: { is_active: before.isActive },
      after: { is_active: isActive },
      ip: actor.ip,
    });
    return row;
  });
}
