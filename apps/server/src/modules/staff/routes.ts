import {
  CreateStaffBodySchema,
  EditStaffBodySchema,
  envelope,
  IdParamSchema,
  STAFF_API,
  StaffListSchema,
  StaffMemberSchema,
} from '@iddesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { t } from '../../lib/i18n';
import { actorOf } from '../audit';
import { changeRole, createStaff, resetStaffSecondFactor, setDisabled, staffList } from './service';

const tags = ['admin'];
const MemberSchema = envelope(StaffMemberSchema);
const selfNote =
  'Never on your own account (409), and never leaving no owner who can sign in (409).';

/** Staff accounts (issue 15): owners only, as staff-permissions.ts says. Every change is audited. */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    STAFF_API.list,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Staff accounts, oldest first',
        response: { 200: envelope(StaffListSchema) },
      },
    },
    async () => ({ message: null, data: { items: await staffList(app.db) } }),
  );

  app.post(
    STAFF_API.create,
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary:
          'Create a staff account with a role; it enrols a second factor at its first sign-in',
        body: CreateStaffBodySchema,
        response: { 200: MemberSchema },
      },
    },
    async (request) => ({
      message: t('api.staff.created'),
      data: await createStaff(app.db, actorOf(request), request.body),
    }),
  );

  app.post(
    STAFF_API.edit(':id'),
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: "Change a staff member's role",
        description: selfNote,
        errors: [409],
        params: IdParamSchema,
        body: EditStaffBodySchema,
        response: { 200: MemberSchema },
      },
    },
    async (request) => ({
      message: t('api.staff.roleChanged'),
      data: await changeRole(app.db, actorOf(request), request.params.id, request.body.role),
    }),
  );

  for (const [path, disabled, summary, message] of [
    [
      STAFF_API.disable(':id'),
      true,
      'Disable a staff account: it cannot sign in, and its sessions end',
      'api.staff.disabled',
    ],
    [
      STAFF_API.enable(':id'),
      false,
      'Enable a disabled staff account again',
      'api.staff.enabled',
    ],
  ] as const) {
    app.post(
      path,
      {
        onRequest: app.requireAdmin,
        schema: {
          tags,
          summary,
          description: selfNote,
          errors: [409],
          params: IdParamSchema,
          response: { 200: MemberSchema },
        },
      },
      async (request) => ({
        message: t(message),
        data: await setDisabled(app.db, actorOf(request), request.params.id, disabled),
      }),
    );
  }

  app.post(
    STAFF_API.resetSecondFactor(':id'),
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary:
          "Reset a staff member's second factor (a lost phone): their sessions end, and they enrol again",
        description: 'Never on your own account (409).',
        errors: [409],
        params: IdParamSchema,
        response: { 200: MemberSchema },
      },
    },
    async (request) => ({
      message: t('api.staff.secondFactorReset'),
      data: await resetStaffSecondFactor(app.db, actorOf(request), request.params.id),
    }),
  );
};
