import { ROUTES, type StatementImport, type StatementRules, StatementRulesBodySchema } from '@iddesk/contract';
import { FileSpreadsheet, Upload } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { AppForm, FormCheckbox, SaveButtons } from '../../../../components/ui/app-form';
import { ButtonLink } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { CardLine, DataList } from '../../../../components/ui/data-list';
import { ListCard } from '../../../../components/ui/list-card';
import { ListEmpty, QueryStates } from '../../../../components/ui/list-states';
import { TextField } from '../../../../components/ui/text-field';
import { common } from '../../../../lib/i18n-common';
import { formatDateTime, formatDay, formatMoney } from '../../../../lib/money';
import { readPage } from '../../../../lib/pagination';
import { useStaffCan } from '../../../../lib/staff-role';
import { useAppForm } from '../../../../lib/use-app-form';
import { AdminFrame } from '../../../staff';
import { useSaveStatementRules, useStatementImports, useStatementRules } from '../api/statements';
import { walletStaff } from '../i18n';

/** "1 Dec 2026 – 3 Dec 2026", or the one day, or "—" for an import that added no line. */
export function statementDays(item: Pick<StatementImport, 'first_day' | 'last_day'>): string {
  if (!item.first_day || !item.last_day) return '—';
  const [first, last] = [formatDay(item.first_day), formatDay(item.last_day)];
  return first === last ? first : `${first} – ${last}`;
}

/** The owner's rules: a form for owners, the rules in words for everyone else. */
function RulesCard() {
  const t = walletStaff.useT();
  const query = useStatementRules();
  const canEdit = useStaffCan('content.manage');
  return (
    <Card className="mb-4">
      <h2 className="text-lg font-semibold text-slate-900">{t('statements.rulesTitle')}</h2>
      <QueryStates query={query} loadingLabel={t('statements.rulesLoading')} rows={2}>
        {(rules) => (canEdit ? <RulesForm rules={rules} /> : <RulesText rules={rules} />)}
      </QueryStates>
    </Card>
  );
}

function RulesText({ rules }: { rules: StatementRules }) {
  const t = walletStaff.useT();
  return (
    <ul className="mt-2 flex flex-col gap-1 text-sm text-slate-700">
      <li>{t(rules.only_matched ? 'statements.onlyMatchedOn' : 'statements.onlyMatchedOff')}</li>
      <li>{t('statements.windowText', { days: rules.window_days })}</li>
      <li>{t('statements.claimText', { hours: rules.claim_hours })}</li>
    </ul>
  );
}

function RulesForm({ rules }: { rules: StatementRules }) {
  const t = walletStaff.useT();
  const mutation = useSaveStatementRules();
  const app = useAppForm({
    schema: StatementRulesBodySchema,
    defaultValues: { only_matched: rules.only_matched, window_days: String(rules.window_days), claim_hours: String(rules.claim_hours) },
    submit: (values) => mutation.mutateAsync(values),
    onSuccess: (saved, _values, form) =>
      form.reset({ only_matched: saved.only_matched, window_days: String(saved.window_days), claim_hours: String(saved.claim_hours) }),
  });
  return (
    <AppForm app={app} className="mt-3 flex flex-col gap-4">
      <div>
        <FormCheckbox name="only_matched">{t('statements.onlyMatched')}</FormCheckbox>
        <p className="text-sm text-slate-600">{t('statements.onlyMatchedHint')}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('statements.window')} hint={t('statements.windowHint')} inputMode="numeric" {...app.field('window_days')} />
        <TextField label={t('statements.claimHours')} hint={t('statements.claimHoursHint')} inputMode="numeric" {...app.field('claim_hours')} />
      </div>
      <SaveButtons label={t('statements.saveRules')} discardLabel={t('statements.discard')} loading={app.loading} />
    </AppForm>
  );
}

function Tally({ label, count, amount, tone }: { label: string; count: number; amount: string; tone?: 'warn' }) {
  return (
    <span className={tone === 'warn' && count > 0 ? 'font-medium text-amber-800' : 'text-slate-700'}>
      {label}: <span className="font-semibold tabular-nums">{count}</span>
      {count > 0 ? <span className="tabular-nums"> · {formatMoney(amount)}</span> : null}
    </span>
  );
}

function ImportList({ items }: { items: StatementImport[] }) {
  const t = walletStaff.useT();
  const link = (item: StatementImport) => (
    <Link to={ROUTES.adminStatement(item.id)} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
      {t('statements.link', { id: item.id })}
    </Link>
  );
  const exceptions = (item: StatementImport) => (
    <div className="flex flex-col gap-0.5 text-sm">
      <Tally label={t('statements.result.amount_differs')} tone="warn" {...item.summary.amount_differs} />
      <Tally label={t('statements.result.unclaimed')} tone="warn" {...item.summary.unclaimed} />
      <Tally label={t('statements.result.no_money')} tone="warn" {...item.summary.no_money} />
    </div>
  );
  return (
    <DataList
      items={items}
      rowKey={(item) => item.id}
      caption={t('statements.caption')}
      columns={[
        {
          header: t('statements.columnImport'),
          cell: (item) => (
            <div className="min-w-0">
              {link(item)}
              <p className="break-all text-sm text-slate-600">{item.file_name}</p>
            </div>
          ),
        },
        { header: t('statements.columnAccount'), cell: (item) => item.payment_type.name },
        { header: t('statements.columnDays'), cell: (item) => <span className="whitespace-nowrap">{statementDays(item)}</span> },
        {
          header: t('statements.columnLines'),
          numeric: true,
          cell: (item) => t('statements.linesCount', { added: item.lines_added, known: item.lines_known }),
        },
        {
          header: t('statements.columnMatched'),
          cell: (item) => <Tally label={t('statements.result.matched')} {...item.summary.matched} />,
        },
        { header: t('statements.columnExceptions'), cell: exceptions },
        {
          header: t('statements.columnImported'),
          cell: (item) => (
            <div className="text-sm">
              <p>{formatDateTime(item.created_at)}</p>
              <p className="text-slate-600">{item.imported_by?.name ?? '—'}</p>
            </div>
          ),
        },
      ]}
      card={(item) => (
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <div className="flex items-start justify-between gap-3">
            {link(item)}
            <span className="text-sm text-slate-600">{formatDateTime(item.created_at)}</span>
          </div>
          <CardLine label={t('statements.columnAccount')}>{item.payment_type.name}</CardLine>
          <CardLine label={t('statements.columnDays')}>{statementDays(item)}</CardLine>
          <CardLine label={t('statements.columnLines')}>
            {t('statements.linesCount', { added: item.lines_added, known: item.lines_known })}
          </CardLine>
          <Tally label={t('statements.result.matched')} {...item.summary.matched} />
          {exceptions(item)}
        </div>
      )}
    />
  );
}

/** `/admin/statements`: the owner's rules and every import, newest first (issue 54). */
export function AdminStatementsPage() {
  const t = walletStaff.useT();
  const titles = common.useT();
  const [params] = useSearchParams();
  const page = readPage(params.get('page'));
  const query = useStatementImports(page);
  const canImport = useStaffCan('statements.import');
  const action = canImport ? (
    <ButtonLink to={ROUTES.adminStatementImport} variant="inverse">
      <Upload className="size-4" aria-hidden="true" />
      {t('statements.import')}
    </ButtonLink>
  ) : null;
  return (
    <AdminFrame title={titles('titles.admin.statements')} description={t('statements.description')} actions={action}>
      <RulesCard />
      <ListCard
        query={query}
        loadingLabel={t('statements.loading')}
        pagesLabel={t('statements.pages')}
        hrefFor={(n) => `${ROUTES.adminStatements}?page=${n}`}
        empty={
          <ListEmpty
            icon={FileSpreadsheet}
            title={t('statements.empty')}
            action={canImport ? <ButtonLink to={ROUTES.adminStatementImport}>{t('statements.import')}</ButtonLink> : undefined}
          >
            {t('statements.emptyHint')}
          </ListEmpty>
        }
      >
        {(items) => <ImportList items={items} />}
      </ListCard>
    </AdminFrame>
  );
}
