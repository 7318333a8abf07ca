import {
  envelope,
  IdParamSchema,
  PAYMENT_TYPE_QR_FIELD,
  PaymentTypeBodySchema,
  PaymentTypeSchema,
  WALLET_API,
} from '@iddesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { t } from '../../lib/i18n';
import { formSpec, readForm } from '../../lib/multipart';
import { actorOf } from '../audit';
import { listPaymentTypes } from './repository';
import { toPaymentTypeJson } from './serialize';
import { createPaymentType, editPaymentType, setPaymentTypeActive } from './service';
import { sendCachedRead } from '../../caches/public-answers';

const ListSchema = envelope(z.array(PaymentTypeSchema));
const ItemSchema = envelope(PaymentTypeSchema);
const multipartNote =
  'multipart/form-data: the fields of PaymentTypeBody plus an optional image in `qr` ' +
  '(JPEG/PNG/WebP, at most 5 MB and 40 megapixels).';

const PaymentTypeForm = formSpec(PaymentTypeBodySchema, { [PAYMENT_TYPE_QR_FIELD]: null });

export const paymentTypeRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, storage: app.storage, log: app.log });

  app.get(
    WALLET_API.paymentTypes,
    {
      schema: {
        tags: ['wallet'],
        summary: 'Active payment types, for the add-funds screen',
        response: { 200: ListSchema },
      },
    },
    async (request, reply) =>
      sendCachedRead(request, reply, app.db, { tables: ['payment_types'] }, async () => ({
        message: null,
        data: (await listPaymentTypes(app.db, true)).map(toPaymentTypeJson),
      })),
  );

  app.get(
    WALLET_API.adminPaymentTypes,
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['admin'], summary: 'Every payment type, inactive ones too', response: { 200: ListSchema } },
    },
    async () => ({ message: null, data: (await listPaymentTypes(app.db, false)).map(toPaymentTypeJson) }),
  );

  app.post(
    WALLET_API.adminPaymentTypeCreate,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Create a payment type',
        description: multipartNote,
        form: PaymentTypeForm,
        response: { 200: ItemSchema },
      },
    },
    async (request) => {
      const { fields, files } = await readForm(request, PaymentTypeForm);
      const row = await createPaymentType(deps(), actorOf(request), fields, files.qr);
      return { message: t('api.paymentTypes.created'), data: toPaymentTypeJson(row) };
    },
  );

  app.post(
    WALLET_API.adminPaymentTypeEdit(':id'),
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Edit a payment type',
        description: `${multipartNote} Without \`qr\` the image is kept; \`remove_qr=true\` removes it.`,
        form: PaymentTypeForm,
        params: IdParamSchema,
        response: { 200: ItemSchema },
      },
    },
    async (request) => {
      const { fields, files } = await readForm(request, PaymentTypeForm);
      const row = await editPaymentType(deps(), actorOf(request), request.params.id, fields, files.qr);
      return { message: t('api.paymentTypes.saved'), data: toPaymentTypeJson(row) };
    },
  );

  for (const [path, isActive, message] of [
    [WALLET_API.adminPaymentTypeDeactivate(':id'), false, 'api.paymentTypes.deactivated'],
    [WALLET_API.adminPaymentTypeActivate(':id'), true, 'api.paymentTypes.activated'],
  ] as const) {
    app.post(
      path,
      {
        onRequest: app.requireAdmin,
        schema: {
          tags: ['admin'],
          summary: isActive ? 'Show a payment type to customers again' : 'Hide a payment type from customers',
          params: IdParamSchema,
          response: { 200: ItemSchema },
        },
      },
      async (request) => {
        const row = await setPaymentTypeActive(app.db, actorOf(request), request.params.id, isActive);
        return { message: t(message), data: toPaymentTypeJson(row) };
      },
    );
  }
};
