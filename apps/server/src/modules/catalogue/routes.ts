import {
  AdminCatalogueItemSchema,
  CatalogueDeleteResultSchema,
  CatalogueItemBodySchema,
  CatalogueItemSchema,
  envelope,
  ID_LOGO_FIELD,
  IdParamSchema,
  IDS_API,
} from '@iddesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../errors/app-errors';
import { t } from '../../lib/i18n';
import { formSpec, readForm } from '../../lib/multipart';
import { actorOf } from '../audit';
import { findItem, findItemWithCount, listItems, listItemsWithCounts } from './repository';
import { toAdminCatalogueItemJson, toCatalogueItemJson } from './serialize';
import { createItem, deleteOrDeactivateItem, editItem } from './service';
import { sendCachedRead } from '../../caches/public-answers';

const AdminItemSchema = envelope(AdminCatalogueItemSchema);
const multipartNote =
  'multipart/form-data: the fields of CatalogueItemBody plus the logo in `image` ' +
  '(JPEG/PNG/WebP, at most 5 MB and 40 megapixels).';

const NewItemForm = formSpec(CatalogueItemBodySchema, { [ID_LOGO_FIELD]: () => t('api.catalogue.logoRequired') });
const EditItemForm = formSpec(CatalogueItemBodySchema, { [ID_LOGO_FIELD]: null });

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, storage: app.storage, log: app.log });
  const withCount = async (id: number) => {
    const row = await findItemWithCount(app.db, id);
    if (!row) throw new NotFoundError();
    return toAdminCatalogueItemJson(row);
  };

  app.get(
    IDS_API.ids,
    {
      onRequest: app.optionalUser,
      schema: {
        tags: ['ids'],
        summary: 'Active catalogue items; demo credentials only with a valid token',
        response: { 200: envelope(z.array(CatalogueItemSchema)) },
      },
    },
    async (request, reply) => {
      const signedIn = request.auth !== null;
      // Demo credentials only for a signed-in caller: two cached answers, the signed-in one private.
      return sendCachedRead(
        request,
        reply,
        app.db,
        { tables: ['catalogue_items'], variant: signedIn ? 'in' : 'out', varyByToken: true, private: signedIn },
        async () => ({ message: null, data: (await listItems(app.db, true)).map((r) => toCatalogueItemJson(r, signedIn)) }),
      );
    },
  );

  app.get(
    IDS_API.id(':id'),
    {
      onRequest: app.optionalUser,
      schema: {
        tags: ['ids'],
        summary: 'One active catalogue item (admins also see inactive ones)',
        params: IdParamSchema,
        response: { 200: envelope(CatalogueItemSchema) },
      },
    },
    async (request) => {
      const row = await findItem(app.db, request.params.id);
      const isAdmin = request.auth?.user.type === 'admin';
      if (!row || (!row.isActive && !isAdmin)) throw new NotFoundError();
      return { message: null, data: toCatalogueItemJson(row, request.auth !== null) };
    },
  );

  app.get(
    IDS_API.adminIds,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Every catalogue item, inactive ones too, with its number of user IDs',
        response: { 200: envelope(z.array(AdminCatalogueItemSchema)) },
      },
    },
    async () => ({ message: null, data: (await listItemsWithCounts(app.db)).map(toAdminCatalogueItemJson) }),
  );

  app.get(
    IDS_API.adminId(':id'),
    {
      onRequest: app.requireAdmin,
      schema: { tags: ['admin'], summary: 'One catalogue item', params: IdParamSchema, response: { 200: AdminItemSchema } },
    },
    async (request) => ({ message: null, data: await withCount(request.params.id) }),
  );

  app.post(
    IDS_API.adminIdCreate,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Add a catalogue item',
        description: multipartNote,
        form: NewItemForm,
        response: { 200: AdminItemSchema },
      },
    },
    async (request) => {
      const { fields, files } = await readForm(request, NewItemForm);
      const row = await createItem(deps(), actorOf(request), fields, files.image!);
      return { message: t('api.catalogue.added'), data: await withCount(row.id) };
    },
  );

  app.post(
    IDS_API.adminIdEdit(':id'),
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Edit a catalogue item',
        description: `${multipartNote} Without \`image\` the logo is kept.`,
        form: EditItemForm,
        params: IdParamSchema,
        response: { 200: AdminItemSchema },
      },
    },
    async (request) => {
      const { fields, files } = await readForm(request, EditItemForm);
      const row = await editItem(deps(), actorOf(request), request.params.id, fields, files.image);
      return { message: t('api.catalogue.saved'), data: await withCount(row.id) };
    },
  );

  app.post(
    IDS_API.adminIdDelete(':id'),
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Delete a catalogue item; one with user IDs is deactivated instead',
        params: IdParamSchema,
        response: { 200: envelope(CatalogueDeleteResultSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { deleted } = await deleteOrDeactivateItem(deps(), actorOf(request), id);
      const message = t(deleted ? 'api.catalogue.deleted' : 'api.catalogue.deactivated');
      return { message, data: { id, deleted } };
    },
  );
};
