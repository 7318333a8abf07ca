import {
  type AdminUserListItem,
  type BillStatement,
  type Paginated,
  STATEMENT_UPLOAD,
  type StatementAccount,
  type StatementBill,
  type StatementCreditBody,
  type StatementImport,
  type StatementLine,
  type StatementMappingInput,
  type StatementResult,
  type StatementRules,
  type StatementRulesBody,
  STATEMENTS_API,
  WALLET_API,
} from '@iddesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type Idempotent, postMoney } from '../../../../lib/api-client';
import { itemQueryOptions, pageQueryOptions } from '../../../../lib/page-query';
import { adminKeys, useAdminMutation } from '../../../staff';

/** Bank statements (issue 54): the imports, one import's lines, a bill's line, the rules. */
const keys = {
  imports: (page: number) => [...adminKeys.all, 'statements', page] as const,
  item: (id: number) => [...adminKeys.all, 'statement', id] as const,
  lines: (id: number, params: object) => [...adminKeys.all, 'statement', id, 'lines', params] as const,
  matchedPending: (id: number) => [...adminKeys.all, 'statement', id, 'matched-pending'] as const,
  noMoney: (id: number, page: number) => [...adminKeys.all, 'statement', id, 'no-money', page] as const,
  accounts: [...adminKeys.all, 'statement-accounts'] as const,
  rules: [...adminKeys.all, 'statement-rules'] as const,
  bill: (id: number) => [...adminKeys.all, 'bill', id, 'statement'] as const,
};

/** `GET /admin/statements?page`: the imports, newest first. */
export const useStatementImports = (page: number) =>
  useQuery(pageQueryOptions<Paginated<StatementImport>>(STATEMENTS_API.list, keys.imports(page), { page }));

/** `GET /admin/statements/{id}`: one import with its counts and totals per result. */
export const useStatementImport = (id: number) =>
  useQuery(itemQueryOptions<StatementImport>(STATEMENTS_API.item(id), keys.item(id)));

/** `GET /admin/statements/{id}/lines?result&page`. */
export const useStatementLines = (id: number, result: StatementResult | undefined, page: number) =>
  useQuery(
    pageQueryOptions<Paginated<StatementLine>>(STATEMENTS_API.lines(id), keys.lines(id, { result, page }), {
      page,
      query: result ? { result } : {},
    }),
  );

/** Every matched line's bill that still waits (up to 1 000), for "Approve all matched". */
export const useMatchedPendingBills = (id: number, enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: keys.matchedPending(id),
      enabled,
      queryFn: async ({ signal }) => {
        const bills: StatementBill[] = [];
        for (let page = 1; page <= 10; page += 1) {
          const { data } = await apiRequest<Paginated<StatementLine>>(STATEMENTS_API.lines(id), {
            method: 'GET',
            query: { result: 'matched', page, perPage: 100 },
            signal,
          });
          bills.push(...data.items.flatMap((line) => (line.bill?.status === 'pending' ? [line.bill] : [])));
          if (page >= data.last_page) break;
        }
        return bills;
      },
    }),
  );

/** `GET /admin/statements/{id}/no_money?page`: claims with no money. */
export const useNoMoneyBills = (id: number, page: number) =>
  useQuery(pageQueryOptions<Paginated<StatementBill>>(STATEMENTS_API.noMoney(id), keys.noMoney(id, page), { page }));

/** `GET /admin/statements/accounts`: the payment accounts with their saved mappings. */
export const useStatementAccounts = () =>
  useQuery(itemQueryOptions<StatementAccount[]>(STATEMENTS_API.accounts, keys.accounts));

export const useStatementRules = () => useQuery(itemQueryOptions<StatementRules>(STATEMENTS_API.rules, keys.rules));

/** `POST /admin/statements/rules`. */
export const saveStatementRules = (body: StatementRulesBody) =>
  apiRequest<StatementRules>(STATEMENTS_API.rules, { method: 'POST', body });
export const useSaveStatementRules = () => useAdminMutation(saveStatementRules);

/** `GET /admin/bills/{id}/statement`: the line backing a bill, or null. */
export const useBillStatement = (billId: number) =>
  useQuery(itemQueryOptions<BillStatement>(STATEMENTS_API.billStatement(billId), keys.bill(billId)));

export type StatementImportInput = StatementMappingInput & { payment_type_id: string | number; file: File | null | undefined };

/** `POST /admin/statements` (multipart): the file and, for CSV and XLSX, the mapping. */
export const importStatement = ({ file, ...fields }: StatementImportInput) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    form.set(name, typeof value === 'string' || typeof value === 'number' ? String(value) : '');
  }
  if (file) form.set(STATEMENT_UPLOAD.field, file, file.name);
  return apiRequest<StatementImport>(STATEMENTS_API.import, { method: 'POST', body: form });
};
export const useImportStatement = () => useAdminMutation(importStatement);

/** `POST /admin/statements/lines/{id}/credit`: an owner credits money nobody claimed (a money call). */
export const creditStatementLine = ({ id, body, idempotencyKey }: { id: number; body: StatementCreditBody } & Idempotent) =>
  postMoney<StatementLine>(STATEMENTS_API.credit(id), body, idempotencyKey);
export const useCreditStatementLine = () => useAdminMutation(creditStatementLine);

/** `POST /admin/users` with a search: the customers an owner may credit (the first page). */
export const findCustomers = async (search: string, signal?: AbortSignal) =>
  (
    await apiRequest<Paginated<AdminUserListItem>>(WALLET_API.adminUsers, {
      method: 'POST',
      query: { page: 1, perPage: 8 },
      body: { search },
      signal,
    })
  ).data.items;
