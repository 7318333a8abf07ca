import { ROUTES, type Dashboard } from '@iddesk/contract';
import { ArrowRight, TriangleAlert } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../../components/ui/card';
import { ListLoading, QueryStates } from '../../../../components/ui/list-states';
import { formatDate, formatMoney } from '../../../../lib/money';
import { useStaffCan } from '../../../../lib/staff-role';
import { AdminFrame, waitedSeconds } from '../../../staff';
import { useDashboard } from '../api/dashboard';
import { common } from '../../../../lib/i18n-common';
import { deskText } from '../i18n';

const DashboardChart = lazy(() => import('./dashboard-chart'));

type Totals = Dashboard['today'];

/** A day of the dashboard (YYYY-MM-DD) as a moment inside it, for formatDate. */
const midday = (day: string) => `${day}T12:00:00Z`;
type TallyKey = Exclude<keyof Totals, 'new_customers'>;

const TALLIES: TallyKey[] = ['top_ups', 'payouts', 'id_deposits', 'id_withdrawals'];
/** The day table's money columns, between the day and the new customers. */
const DAY_TALLIES = TALLIES.slice(0, 3);

const QUEUES: { key: keyof Dashboard['queues']; to: string }[] = [
  { key: 'bills', to: ROUTES.adminBillsPending },
  { key: 'withdrawals', to: ROUTES.adminWithdrawPending },
  { key: 'new_ids', to: ROUTES.adminNewIds },
  { key: 'requests', to: ROUTES.adminRequestsPending },
];

/** One queue: how many wait, how much, and how long the oldest has waited. */
function QueueCard({
  label,
  to,
  queue,
}: {
  label: string;
  to: string;
  queue: Dashboard['queues']['bills'];
}) {
  const t = deskText.useT();
  const late = queue.oldest_seconds !== null && queue.oldest_seconds >= 3600;
  return (
    <Link
      to={to}
      className="group flex flex-col rounded-2xl border border-slate-200/80 bg-white p-4 shadow-card hover:border-brand-300 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <span className="flex items-center justify-between text-sm font-semibold text-slate-700">
        {label}
        <ArrowRight
          className="size-4 text-slate-400 group-hover:text-brand-700"
          aria-hidden="true"
        />
      </span>
      <span className="mt-1 text-3xl font-bold tabular-nums text-slate-900">{queue.size}</span>
      <span className="text-sm text-slate-600">
        {queue.size === 0
          ? t('dashboard.nothingWaiting')
          : t('dashboard.amountWaiting', { amount: formatMoney(queue.total) })}
      </span>
      {queue.oldest_seconds !== null ? (
        <span
          className={
            late ? 'mt-1 text-sm font-medium text-amber-800' : 'mt-1 text-sm text-slate-600'
          }
        >
          {t('dashboard.oldest', { age: waitedSeconds(queue.oldest_seconds) })}
        </span>
      ) : null}
    </Link>
  );
}

/** One kind of approved money: today big, the last 7 days under it. */
function TallyCard({
  label,
  today,
  week,
}: {
  label: string;
  today: Totals[TallyKey];
  week: Totals[TallyKey];
}) {
  const t = deskText.useT();
  return (
    <Card className="p-4 sm:p-5">
      <h3 className="text-sm font-semibold text-slate-700">{label}</h3>
      <p className="mt-1 break-words text-xl font-bold tabular-nums text-slate-900 sm:text-2xl">
        {formatMoney(today.amount)}
      </p>
      <p className="text-sm text-slate-600">{t('dashboard.todayCount', { count: today.count })}</p>
      <p className="mt-2 border-t border-slate-100 pt-2 text-sm text-slate-700">
        {t('dashboard.weekLabel')}{' '}
        <span className="font-semibold tabular-nums">{formatMoney(week.amount)}</span> ·{' '}
        {t('dashboard.weekCount', { count: week.count })}
      </p>
    </Card>
  );
}

/** The days of the chart as a table: the same numbers, readable without the picture. */
function DaysTable({ days }: { days: Dashboard['days'] }) {
  const t = deskText.useT();
  return (
    // Focusable so a keyboard can scroll it on a phone (axe scrollable-region-focusable).
    <div
      className="-mx-5 overflow-x-auto sm:-mx-6"
      tabIndex={0}
      role="region"
      aria-label={t('dashboard.days')}
    >
      <table className="w-full min-w-[32rem] text-left text-sm text-slate-900">
        <caption className="sr-only">{t('dashboard.daysCaption')}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="px-3 py-2 pl-5 font-semibold sm:pl-6">
              {t('dashboard.day')}
            </th>
            {DAY_TALLIES.map((key) => (
              <th key={key} scope="col" className="px-3 py-2 text-right font-semibold">
                {t(`dashboard.tally.${key}`)}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 pr-5 text-right font-semibold sm:pr-6">
              {t('dashboard.newCustomers')}
            </th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="whitespace-nowrap px-3 py-2 pl-5 font-medium sm:pl-6">
                {formatDate(midday(d.date))}
              </th>
              {DAY_TALLIES.map((key) => (
                <td key={key} className="px-3 py-2 text-right tabular-nums">
                  {formatMoney(d[key].amount)}
                </td>
              ))}
              <td className="px-3 py-2 pr-5 text-right tabular-nums sm:pr-6">{d.new_customers}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * While the demo seed's fake payees are active, customers are shown them: say so first, with
 * the way to replace them (issue 56).
 */
function DemoPayeesWarning({ types }: { types: Dashboard['demo_payment_types'] }) {
  const t = deskText.useT();
  const canEdit = useStaffCan('payment_types.manage');
  if (types.length === 0) return null;
  return (
    <Card className="border-l-4 border-l-amber-500">
      <section aria-labelledby="demo-payees-heading" className="flex items-start gap-3">
        <TriangleAlert className="mt-0.5 size-6 shrink-0 text-amber-700" aria-hidden="true" />
        <div className="min-w-0">
          <h2 id="demo-payees-heading" className="font-semibold text-slate-900">
            {t('dashboard.demoPayees.title')}
          </h2>
          <p className="mt-1 text-slate-700">{t('dashboard.demoPayees.text')}</p>
          {canEdit ? (
            <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
              {types.map((type) => (
                <li key={type.id}>
                  <Link
                    to={ROUTES.adminPaymentTypeEdit(type.id)}
                    className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-4"
                  >
                    {t('dashboard.demoPayees.edit', { name: type.name })}
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-slate-700">{t('dashboard.demoPayees.askOwner')}</p>
          )}
        </div>
      </section>
    </Card>
  );
}

function DashboardBody({ data }: { data: Dashboard }) {
  const t = deskText.useT();
  const canQueues = useStaffCan('queues.read');
  return (
    <div className="flex flex-col gap-6">
      <DemoPayeesWarning types={data.demo_payment_types} />
      {canQueues ? (
        <section aria-labelledby="queues-heading">
          <h2 id="queues-heading" className="mb-3 text-lg font-semibold text-white">
            {t('dashboard.waitingNow')}
          </h2>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {QUEUES.map((q) => (
              <QueueCard
                key={q.key}
                label={t(`dashboard.queue.${q.key}`)}
                to={q.to}
                queue={data.queues[q.key]}
              />
            ))}
          </div>
        </section>
      ) : null}
      <section aria-labelledby="approved-heading">
        <h2 id="approved-heading" className="mb-3 text-lg font-semibold text-white">
          {t('dashboard.approved')}
        </h2>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
          {TALLIES.map((key) => (
            <TallyCard
              key={key}
              label={t(`dashboard.tally.${key}`)}
              today={data.today[key]}
              week={data.last_7_days[key]}
            />
          ))}
          <Card className="p-4 sm:p-5">
            <h3 className="text-sm font-semibold text-slate-700">{t('dashboard.newCustomers')}</h3>
            <p className="mt-1 text-2xl font-bold tabular-nums text-slate-900">
              {data.today.new_customers}
            </p>
            <p className="text-sm text-slate-600">{t('dashboard.todayLabel')}</p>
            <p className="mt-2 border-t border-slate-100 pt-2 text-sm text-slate-700">
              {t('dashboard.weekLabel')}{' '}
              <span className="font-semibold">{data.last_7_days.new_customers}</span>
            </p>
          </Card>
        </div>
      </section>
      <Card>
        <section aria-labelledby="week-heading">
          <h2 id="week-heading" className="text-lg font-semibold text-slate-900">
            {t('dashboard.lastWeek')}
          </h2>
          <p className="mb-4 text-sm text-slate-600">
            {t('dashboard.chartHint', { zone: data.time_zone })}
          </p>
          <Suspense fallback={<div className="h-[220px] animate-pulse rounded-xl bg-slate-100" />}>
            <DashboardChart
              days={data.days}
              labels={{
                day: t('dashboard.day'),
                topUps: t('dashboard.tally.top_ups'),
                payouts: t('dashboard.tally.payouts'),
              }}
            />
          </Suspense>
          <div className="mt-4">
            <DaysTable days={data.days} />
          </div>
        </section>
      </Card>
    </div>
  );
}

/**
 * `/admin/dashboard`, where staff land after signing in (issue 16 item 4): each queue's size,
 * amount and oldest age, and what was approved today and over the last 7 days.
 */
export function AdminDashboardPage() {
  const t = deskText.useT();
  const titles = common.useT();
  const query = useDashboard();
  const { data } = query;
  return (
    <AdminFrame
      title={titles('titles.admin.dashboard')}
      description={
        data
          ? t('dashboard.today', {
              date: formatDate(midday(data.today_date)),
              zone: data.time_zone,
            })
          : t('dashboard.glance')
      }
    >
      <QueryStates
        query={query}
        loading={
          <Card>
            <ListLoading label={t('dashboard.loading')} />
          </Card>
        }
        card
      >
        {(loaded) => <DashboardBody data={loaded} />}
      </QueryStates>
    </AdminFrame>
  );
}
