import {
  BillStatementSchema,
  envelope,
  IdempotencyHeadersSchema,
  IdParamSchema,
  paginated,
  PageQuerySchema,
  STATEMENT_UPLOAD,
  StatementAccountSchema,
  StatementBillSchema,
  StatementCreditBodySchema,
  StatementImportBodySchema,
  StatementImportSchema,
  StatementLineSchema,
  StatementLinesQuerySchema,
  StatementRulesBodySchema,
  StatementRulesSchema,
  STATEMENTS_API,
} from '@iddesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { t } from '../../lib/i18n';
import { formSpec, readForm } from '../../lib/multipart';
import { moneyRoute } from '../../plugins/app/money-calls';
import { actorOf } from '../audit';
import {
  creditLine,
  getBillStatement,
  getImport,
  getImportLines,
  getNoMoneyBills,
  getRules,
  importStatement,
  listAccounts,
  listImportPage,
  saveRules,
} from './service';

const ImportForm = formSpec(
  StatementImportBodySchema,
  { [STATEMENT_UPLOAD.field]: () => t('api.statements.file.missing') },
  { fileLimit: { bytes: STATEMENT_UPLOAD.maxBytes, message: () => t('api.statements.file.tooLarge', { megabytes: STATEMENT_UPLOAD.maxBytes / (1024 * 1024) }) } },
);

/** Issue 54: bank statements, their matching to bills, and the reconciliation (docs/product.md "Bank statements"). */
export const statementRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = (summary: string, description?: string) => ({
    onRequest: app.requireAdmin,
    schema: { tags: ['admin'], summary, ...(description === undefined ? {} : { description }) },
  });

  const importOptions = staff(
    'Import a bank statement for a payment account',
    'multipart/form-data: `payment_type_id`, the statement in `file` (CSV or XLSX as the bank exports it, ' +
      'or MT940; at most 5 MB and 20 000 lines; the format is read from the file) and, for CSV and XLSX, the ' +
      'column mapping (`date_column`, `date_format`, `amount_style` with its columns, `narration_column`, ' +
      'optional `reference_column` and `balance_column`), which is kept for the account. A file that does not ' +
      'read is 422 on `file` naming its line and column, and nothing of it is stored. Lines already imported ' +
      '(the same or an overlapping file) are not added again. The account’s open credit lines are then matched ' +
      'to its bills (same canonical reference and amount, within the rules’ window).',
  );
  app.post(
    STATEMENTS_API.import,
    { ...importOptions, schema: { ...importOptions.schema, form: ImportForm, response: { 200: envelope(StatementImportSchema) } } },
    async (request) => {
      const { fields, files, fileNames } = await readForm(request, ImportForm);
      const data = await importStatement(
        app.db,
        actorOf(request),
        fields,
        { data: files.file!, name: fileNames.file ?? 'statement' },
        app.config.displayTimeZone,
      );
      return { message: t('api.statements.imported', { added: data.lines_added, known: data.lines_known }), data };
    },
  );

  const list = staff('Statement imports, newest first, with each result’s count and total');
  app.get(
    STATEMENTS_API.list,
    { ...list, schema: { ...list.schema, querystring: PageQuerySchema, response: { 200: envelope(paginated(StatementImportSchema)) } } },
    async (request) => ({ message: null, data: await listImportPage(app.db, request.query) }),
  );

  const accounts = staff('Payment accounts statements are imported for, with each one’s saved column mapping');
  app.get(
    STATEMENTS_API.accounts,
    { ...accounts, schema: { ...accounts.schema, response: { 200: envelope(z.array(StatementAccountSchema)) } } },
    async () => ({ message: null, data: await listAccounts(app.db) }),
  );

  const rules = staff('The owner’s reconciliation rules');
  app.get(
    STATEMENTS_API.rules,
    { ...rules, schema: { ...rules.schema, response: { 200: envelope(StatementRulesSchema) } } },
    async () => ({ message: null, data: await getRules(app.db) }),
  );
  const saveOptions = staff(
    'Set the reconciliation rules',
    '`only_matched`: a bill no statement line backs cannot be approved (409 NOT_ON_STATEMENT, on every path); ' +
      '`window_days`: how many days around a line’s day a matching bill may be filed; `claim_hours`: how long ' +
      'after a bill its money should be on the statement before it counts as a claim with no money.',
  );
  app.post(
    STATEMENTS_API.rules,
    { ...saveOptions, schema: { ...saveOptions.schema, body: StatementRulesBodySchema, response: { 200: envelope(StatementRulesSchema) } } },
    async (request) => ({ message: t('api.statements.rulesSaved'), data: await saveRules(app.db, actorOf(request), request.body) }),
  );

  const item = staff('One statement import: counts and totals per result');
  app.get(
    STATEMENTS_API.item(':id'),
    { ...item, schema: { ...item.schema, params: IdParamSchema, response: { 200: envelope(StatementImportSchema) } } },
    async (request) => ({ message: null, data: await getImport(app.db, request.params.id) }),
  );

  const lines = staff(
    'The lines one import added, with what each is and the bill it backs',
    '`result`: matched (backs a bill), amount_differs (a bill has its reference and another amount), unclaimed ' +
      '(money with no claim), credited (an owner credited it), debit.',
  );
  app.get(
    STATEMENTS_API.lines(':id'),
    {
      ...lines,
      schema: { ...lines.schema, params: IdParamSchema, querystring: StatementLinesQuerySchema, response: { 200: envelope(paginated(StatementLineSchema)) } },
    },
    async (request) => ({ message: null, data: await getImportLines(app.db, request.params.id, request.query) }),
  );

  const noMoney = staff('Claims with no money: waiting bills of the account the import should show and does not');
  app.get(
    STATEMENTS_API.noMoney(':id'),
    {
      ...noMoney,
      schema: { ...noMoney.schema, params: IdParamSchema, querystring: PageQuerySchema, response: { 200: envelope(paginated(StatementBillSchema)) } },
    },
    async (request) => ({ message: null, data: await getNoMoneyBills(app.db, request.params.id, request.query) }),
  );

  const bill = staff('The statement line backing a bill, or null when none does yet');
  app.get(
    STATEMENTS_API.billStatement(':id'),
    { ...bill, schema: { ...bill.schema, params: IdParamSchema, response: { 200: envelope(BillStatementSchema) } } },
    async (request) => ({ message: null, data: await getBillStatement(app.db, request.params.id) }),
  );

  const creditOptions = staff(
    'Credit money nobody claimed to a customer',
    'Owners: a credit line no bill backs (and none has its reference with another amount) is credited to ' +
      '`user_id` with the reason `comment`: a ledger credit whose cause is the line, audited; the line is then ' +
      'used (409 CONFLICT for a line that is not unclaimed money, also when two credits race).',
  );
  app.post(
    STATEMENTS_API.credit(':id'),
    {
      ...creditOptions,
      ...moneyRoute(app),
      schema: {
        ...creditOptions.schema,
        headers: IdempotencyHeadersSchema,
        params: IdParamSchema,
        body: StatementCreditBodySchema,
        response: { 200: envelope(StatementLineSchema) },
      },
    },
    async (request, reply) =>
      app.moneyTransaction(request, reply, async (tx) => ({
        message: t('api.statements.credited'),
        data: await creditLine(tx, actorOf(request), request.params.id, request.body),
      })),
  );
};
