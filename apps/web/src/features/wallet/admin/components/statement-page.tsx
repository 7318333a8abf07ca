import {
  type AdminUserListItem,
  DESK_API,
  ROUTES,
  type StatementBill,
  StatementCreditBodySchema,
  type StatementImport,
  type StatementLine,
  type StatementResult,
} from '@iddesk/contract';
import { useQuery } from '@tanstack/react-query';
import { FileSpreadsheet, HandCoins } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { AppForm } from '../../../../components/ui/app-form';
import { BackLink } from '../../../../components/ui/back-link';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { DialogButtons, DialogPanel, SummaryList } from '../../../../components/ui/confirm-dialog';
import { CardLine, DataList } from '../../../../components/ui/data-list';
import { DetailQuery, NotFoundCard } from '../../../../components/ui/detail-query';
import { ListCard } from '../../../../components/ui/list-card';
import { ListEmpty } from '../../../../components/ui/list-states';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { TextArea } from '../../../../components/ui/text-area';
import { TextField } from '../../../../components/ui/text-field';
import { cn } from '../../../../lib/cn';
import { formatDateTime, formatDay, formatMoney, formatSignedMoney } from '../../../../lib/money';
import { readPage } from '../../../../lib/pagination';
import { useStaffCan } from '../../../../lib/staff-role';
import { useAppForm } from '../../../../lib/use-app-form';
import { useIdParam } from '../../../../lib/use-id-param';
import { AdminFrame, BatchBar, ReusedFlag } from '../../../staff';
import {
  findCustomers,
  useCreditStatementLine,
  useMatchedPendingBills,
  useNoMoneyBills,
  useStatementImport,
  useStatementLines,
} from '../api/statements';
import { walletStaff } from '../i18n';
import { statementDays } from './statements-page';

/** The page's lists: every line, one result's, or the claims with no money (bills). */
type View = StatementResult | 'no_money' | 'all';
const VIEWS: View[] = ['all', 'matched', 'amount_differs', 'unclaimed', 'no_money', 'credited', 'debit'];
const readView = (value: string | null): View => (VIEWS.includes(value as View) ? (value as View) : 'all');

const RESULT_TONE: Record<StatementResult, string> = {
  matched: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  amount_differs: 'bg-amber-100 text-amber-900 ring-amber-300',
  unclaimed: 'bg-amber-100 text-amber-900 ring-amber-300',
  credited: 'bg-sky-100 text-sky-900 ring-sky-300',
  debit: 'bg-slate-100 text-slate-700 ring-slate-300',
};

function ResultBadge({ result }: { result: StatementResult }) {
  const t = walletStaff.useT();
  return (
    <span className={cn('inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', RESULT_TONE[result])}>
      {result === 'debit' ? t('statement.debit') : t(`statements.result.${result}`)}
    </span>
  );
}

/** Counts and totals per result; each opens its list (the page's `?result=`). */
function Tiles({ item, view }: { item: StatementImport; view: View }) {
  const t = walletStaff.useT();
  const tiles = VIEWS.filter((v): v is Exclude<View, 'all'> => v !== 'all');
  return (
    <nav aria-label={t('statement.results')} className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {tiles.map((key) => {
        const tally = item.summary[key];
        const warn = (key === 'amount_differs' || key === 'unclaimed' || key === 'no_money') && tally.count > 0;
        return (
          <Link
            key={key}
            to={`?result=${key}`}
            aria-current={view === key ? 'page' : undefined}
            className={cn(
              'flex flex-col rounded-2xl border bg-white p-3 shadow-card hover:border-brand-300 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 sm:p-4',
              view === key ? 'border-brand-600 ring-2 ring-brand-600' : 'border-slate-200/80',
            )}
          >
            <span className={cn('text-sm font-semibold', warn ? 'text-amber-800' : 'text-slate-700')}>
              {t(`statements.result.${key}`)}
            </span>
            <span className="mt-1 text-2xl font-bold tabular-nums text-slate-900">{tally.count}</span>
            <span className="break-words text-sm tabular-nums text-slate-600">{formatMoney(tally.amount)}</span>
          </Link>
        );
      })}
    </nav>
  );
}

function BillCell({ bill, muted }: { bill: StatementBill; muted?: boolean }) {
  const t = walletStaff.useT();
  return (
    <div className={cn('flex min-w-0 flex-col gap-0.5 text-sm', muted && 'text-slate-600')}>
      <span className="flex flex-wrap items-center gap-2">
        <Link to={ROUTES.adminBill(bill.id)} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          {t('bills.link', { id: bill.id })}
        </Link>
        <StatusBadge status={bill.status} />
      </span>
      <span>
        {bill.user.name} · <span className="tabular-nums">{formatMoney(bill.amount)}</span>
      </span>
      <ReusedFlag flag={bill.reused_proof} />
    </div>
  );
}

/** What a line is about: its bill, its credit, or (an owner, money nobody claimed) the credit action. */
function LineOutcome({ line, none = null }: { line: StatementLine; none?: ReactNode }) {
  const t = walletStaff.useT();
  const canCredit = useStaffCan('balance.adjust');
  if (line.bill) return <BillCell bill={line.bill} muted={line.result === 'amount_differs'} />;
  if (line.credit) {
    return (
      <span className="text-sm">
        {t('statement.creditedTo')}{' '}
        <Link to={ROUTES.adminUser(line.credit.user.id)} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          {line.credit.user.name}
        </Link>
      </span>
    );
  }
  if (line.result === 'unclaimed' && canCredit) return <CreditButton line={line} />;
  return none;
}

function Amount({ line }: { line: StatementLine }) {
  return (
    <span className={cn('whitespace-nowrap font-semibold tabular-nums', line.direction === 'credit' ? 'text-emerald-800' : 'text-red-800')}>
      {formatSignedMoney(line.direction === 'credit' ? line.amount : `-${line.amount}`)}
    </span>
  );
}

function Narration({ line }: { line: StatementLine }) {
  const t = walletStaff.useT();
  return (
    <div className="min-w-0 text-sm">
      <p className="break-words text-slate-800">{line.narration}</p>
      <p className="mt-0.5 text-slate-600">
        {line.reference ? (
          <>
            {t('statement.reference')} <span className="break-all font-mono">{line.reference}</span>
          </>
        ) : (
          t('statement.noReference')
        )}
        {' · '}
        {t('statement.sourceLine', { line: line.source_line })}
      </p>
    </div>
  );
}

function LineList({ items }: { items: StatementLine[] }) {
  const t = walletStaff.useT();
  return (
    <DataList
      items={items}
      rowKey={(line) => line.id}
      caption={t('statement.linesCaption')}
      flagged={(line) => line.result === 'amount_differs' || line.result === 'unclaimed'}
      columns={[
        { header: t('statement.columnDay'), cell: (line) => <span className="whitespace-nowrap">{formatDay(line.day)}</span> },
        { header: t('statement.columnAmount'), numeric: true, cell: (line) => <Amount line={line} /> },
        { header: t('statement.columnNarration'), cell: (line) => <Narration line={line} /> },
        { header: t('statement.columnResult'), cell: (line) => <ResultBadge result={line.result} /> },
        { header: t('statement.columnBill'), cell: (line) => <LineOutcome line={line} none={<span className="text-sm text-slate-600">—</span>} /> },
      ]}
      card={(line) => (
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex items-start justify-between gap-3">
            <Amount line={line} />
            <ResultBadge result={line.result} />
          </div>
          <CardLine label={t('statement.columnDay')}>{formatDay(line.day)}</CardLine>
          <Narration line={line} />
          <LineOutcome line={line} />
        </div>
      )}
    />
  );
}

function NoMoneyList({ items }: { items: StatementBill[] }) {
  const t = walletStaff.useT();
  return (
    <DataList
      items={items}
      rowKey={(bill) => bill.id}
      caption={t('statement.noMoneyCaption')}
      columns={[
        { header: t('statement.columnBill'), cell: (bill) => <BillCell bill={bill} /> },
        { header: t('statement.columnReference'), cell: (bill) => <span className="break-all font-mono text-sm">{bill.reference}</span> },
        { header: t('statement.columnFiled'), cell: (bill) => formatDateTime(bill.created_at) },
      ]}
      card={(bill) => (
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <BillCell bill={bill} />
          <CardLine label={t('statement.columnReference')}>{bill.reference}</CardLine>
          <CardLine label={t('statement.columnFiled')}>{formatDateTime(bill.created_at)}</CardLine>
        </div>
      )}
    />
  );
}

type ListProps = { item: StatementImport; view: View; page: number; empty: ReactNode; hrefFor: (n: number) => string };

function LinesView({ item, view, page, empty, hrefFor }: ListProps) {
  const t = walletStaff.useT();
  const query = useStatementLines(item.id, view === 'all' || view === 'no_money' ? undefined : view, page);
  return (
    <ListCard query={query} loadingLabel={t('statement.loadingLines')} pagesLabel={t('statement.pages')} hrefFor={hrefFor} empty={empty}>
      {(items) => <LineList items={items} />}
    </ListCard>
  );
}

function NoMoneyView({ item, page, empty, hrefFor }: ListProps) {
  const t = walletStaff.useT();
  const query = useNoMoneyBills(item.id, page);
  return (
    <ListCard query={query} loadingLabel={t('statement.loadingLines')} pagesLabel={t('statement.pages')} hrefFor={hrefFor} empty={empty}>
      {(items) => <NoMoneyList items={items} />}
    </ListCard>
  );
}

function Lists({ item, view, page }: { item: StatementImport; view: View; page: number }) {
  const t = walletStaff.useT();
  const hrefFor = (n: number) => `?${new URLSearchParams({ ...(view === 'all' ? {} : { result: view }), page: String(n) })}`;
  const empty = (
    <ListEmpty icon={FileSpreadsheet} title={t(`statement.empty.${view}`)}>
      {t('statement.emptyHint')}
    </ListEmpty>
  );
  const props = { item, view, page, empty, hrefFor };
  return (
    <section aria-labelledby="statement-list-heading">
      <h2 id="statement-list-heading" className="mb-3 flex flex-wrap items-baseline gap-x-3 text-lg font-semibold text-white">
        {view === 'all' ? t('statement.allLines') : t(`statements.result.${view}`)}
        {view !== 'all' ? (
          <Link to="?" className="text-sm font-semibold text-brand-200 underline underline-offset-2 hover:text-white">
            {t('statement.showAll')}
          </Link>
        ) : null}
      </h2>
      {view === 'no_money' ? <NoMoneyView {...props} /> : <LinesView {...props} />}
    </section>
  );
}

/** "Approve all matched": the matched lines' waiting bills, through the bills' batch (the one guard). */
function ApproveMatched({ item }: { item: StatementImport }) {
  const t = walletStaff.useT();
  const canDecide = useStaffCan('queues.decide');
  const waiting = item.summary.matched_pending.count > 0;
  const query = useMatchedPendingBills(item.id, canDecide && waiting);
  if (!canDecide) return null;
  // Mounted while nothing waits too: the batch's outcome stays on screen after it approved them all.
  const chosen = waiting ? (query.data ?? []) : [];
  return (
    <BatchBar
      path={DESK_API.billsBatch}
      chosen={chosen}
      kind="bill"
      actions={['approve']}
      approveEffect={t('bills.approveEffect')}
      label={t('statement.matchedWaiting', {
        count: chosen.length,
        amount: formatMoney(item.summary.matched_pending.amount),
      })}
    />
  );
}

/* ---------- an owner credits money nobody claimed ---------- */

function CreditButton({ line }: { line: StatementLine }) {
  const t = walletStaff.useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} icon={<HandCoins className="size-4" aria-hidden="true" />}>
        {t('statement.credit')}
      </Button>
      {open ? <CreditDialog line={line} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function CreditDialog({ line, onClose }: { line: StatementLine; onClose: () => void }) {
  const t = walletStaff.useT();
  const mutation = useCreditStatementLine();
  const [search, setSearch] = useState('');
  const [asked, setAsked] = useState('');
  const found = useQuery({
    queryKey: ['admin', 'statement-credit-search', asked],
    queryFn: ({ signal }) => findCustomers(asked, signal),
    enabled: asked.length >= 2,
  });
  const amount = formatMoney(line.amount);
  const app = useAppForm({
    schema: StatementCreditBodySchema,
    defaultValues: { user_id: '', comment: '' },
    submit: (body, idempotencyKey) => mutation.mutateAsync({ id: line.id, body, idempotencyKey }),
    onSuccess: onClose,
  });
  const chosenId = useWatch({ control: app.form.control, name: 'user_id' });
  const chosen: AdminUserListItem | undefined = found.data?.find((u) => String(u.id) === String(chosenId));
  const userError = app.field('user_id').error;
  return (
    <DialogPanel
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      locked={app.loading}
      title={t('statement.creditTitle', { amount })}
      description={t('statement.creditDescription')}
    >
      <AppForm app={app} className="mt-4 flex flex-col gap-4">
        <SummaryList
          items={[
            { label: t('statement.columnDay'), value: formatDay(line.day) },
            { label: t('statement.columnAmount'), value: amount },
            { label: t('statement.reference'), value: line.reference ?? t('statement.noReference') },
          ]}
        />
        <div className="flex items-end gap-2">
          <TextField
            className="flex-1"
            label={t('statement.findCustomer')}
            hint={t('statement.findCustomerHint')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                setAsked(search.trim());
              }
            }}
          />
          <Button variant="secondary" onClick={() => setAsked(search.trim())} className="mb-7">
            {t('statement.find')}
          </Button>
        </div>
        <fieldset aria-describedby={userError ? 'credit-user-error' : undefined}>
          <legend className="text-sm font-medium text-slate-800">{t('statement.customer')}</legend>
          {found.data?.length ? (
            <ul className="mt-2 flex max-h-48 flex-col gap-1 overflow-y-auto">
              {found.data.map((user) => (
                <li key={user.id}>
                  <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 text-sm hover:bg-slate-50">
                    <input type="radio" value={String(user.id)} className="size-5 accent-brand-700" {...app.form.register('user_id')} />
                    <span className="min-w-0">
                      <span className="font-semibold text-slate-900">{user.name}</span>
                      <span className="block break-all text-slate-600">
                        {user.email} · {user.phone}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-sm text-slate-600">{asked && found.isFetched ? t('statement.noCustomers') : t('statement.searchFirst')}</p>
          )}
          {userError ? (
            <p id="credit-user-error" className="mt-1 text-sm font-medium text-red-700" role="alert">
              {userError}
            </p>
          ) : null}
        </fieldset>
        <TextArea label={t('statement.reason')} hint={t('statement.reasonHint')} maxLength={500} rows={2} {...app.field('comment')} />
        <DialogButtons onCancel={onClose} loading={app.loading} className="mt-2">
          <Button type="submit" loading={app.loading}>
            {chosen ? t('statement.creditConfirm', { amount, name: chosen.name }) : t('statement.creditConfirmAmount', { amount })}
          </Button>
        </DialogButtons>
      </AppForm>
    </DialogPanel>
  );
}

/* ---------- the page ---------- */

function Reconciliation({ item }: { item: StatementImport }) {
  const t = walletStaff.useT();
  const [params] = useSearchParams();
  const view = readView(params.get('result'));
  const page = readPage(params.get('page'));
  return (
    <>
      <Card className="mb-4">
        <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
          {[
            [t('statements.columnAccount'), item.payment_type.name],
            [t('statement.file'), item.file_name],
            [t('statements.columnDays'), statementDays(item)],
            [t('statements.columnLines'), t('statements.linesCount', { added: item.lines_added, known: item.lines_known })],
          ].map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="font-medium text-slate-600">{label}</dt>
              <dd className="break-words font-semibold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm text-slate-600">
          {t('statement.importedBy', { name: item.imported_by?.name ?? '—', when: formatDateTime(item.created_at) })}
        </p>
      </Card>
      <Tiles item={item} view={view} />
      <ApproveMatched item={item} />
      <Lists item={item} view={view} page={page} />
    </>
  );
}

/** `/admin/statements/{id}`: one import's reconciliation (issue 54 item 3). */
export function AdminStatementPage() {
  const t = walletStaff.useT();
  const id = useIdParam();
  const query = useStatementImport(id ?? 0);
  const back = <BackLink to={ROUTES.adminStatements}>{t('statements.back')}</BackLink>;
  const notFound = <NotFoundCard what={t('statement.what')} back={ROUTES.adminStatements} backLabel={t('statements.back')} />;
  return (
    <AdminFrame title={id ? t('statement.title', { id }) : t('statement.what')} description={t('statement.description')} actions={back}>
      {id ? (
        <DetailQuery query={query} loadingLabel={t('statement.loading')} notFound={notFound}>
          {(item) => <Reconciliation item={item} />}
        </DetailQuery>
      ) : (
        notFound
      )}
    </AdminFrame>
  );
}
