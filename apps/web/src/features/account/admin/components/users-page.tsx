import { formatPhoneNumber, ROUTES, type AdminUserListItem } from '@iddesk/contract';
import { Search, Users } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { CardLine, DataList } from '../../../../components/ui/data-list';
import { ListCard } from '../../../../components/ui/list-card';
import { ListEmpty } from '../../../../components/ui/list-states';
import { SelectField } from '../../../../components/ui/select-field';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { TextField } from '../../../../components/ui/text-field';
import { formatDate, formatMoney } from '../../../../lib/money';
import { readPage } from '../../../../lib/pagination';
import { useUsers } from '../api/users';
import { AdminFrame } from '../../../staff';
import { common } from '../../../../lib/i18n-common';
import { accountStaff } from '../i18n';

type BlockedFilter = 'all' | 'active' | 'blocked';

const readBlocked = (value: string | null): BlockedFilter =>
  value === 'blocked' || value === 'active' ? value : 'all';

function filterParams(search: string, blocked: BlockedFilter, page = 1) {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (blocked !== 'all') params.set('blocked', blocked);
  if (page > 1) params.set('page', String(page));
  return params;
}

function hrefFor(search: string, blocked: BlockedFilter, page = 1) {
  const qs = filterParams(search, blocked, page).toString();
  return qs ? `${ROUTES.adminUsers}?${qs}` : ROUTES.adminUsers;
}

function UserLink({ user }: { user: AdminUserListItem }) {
  return (
    <Link
      to={ROUTES.adminUser(user.id)}
      className="font-semibold text-brand-700 underline-offset-4 hover:underline"
    >
      {user.name}
    </Link>
  );
}

/** A customer's state (the list holds customers only; staff are on the Staff page). */
function UserStatus({ user }: { user: AdminUserListItem }) {
  return <StatusBadge status={user.is_blocked ? 'blocked' : 'active'} />;
}

function UserList({ items }: { items: AdminUserListItem[] }) {
  const t = accountStaff.useT();
  return (
    <DataList
      items={items}
      rowKey={(u) => u.id}
      caption={t('users.caption')}
      columns={[
        { header: t('users.name'), cell: (u) => <UserLink user={u} /> },
        { header: t('users.email'), cell: (u) => <span className="break-all">{u.email}</span> },
        { header: t('users.phone'), cell: (u) => formatPhoneNumber(u.phone), className: 'whitespace-nowrap' },
        {
          header: t('users.balance'),
          numeric: true,
          cell: (u) => <span className="font-semibold">{formatMoney(u.balance)}</span>,
        },
        { header: t('users.status'), cell: (u) => <UserStatus user={u} /> },
        {
          header: t('users.joined'),
          cell: (u) => formatDate(u.created_at),
          className: 'whitespace-nowrap text-slate-700',
        },
      ]}
      card={(u) => (
        <div className="flex flex-col gap-2">
          <div className="flex items-start justify-between gap-3">
            <UserLink user={u} />
            <span className="font-semibold tabular-nums">{formatMoney(u.balance)}</span>
          </div>
          <p className="break-all text-sm text-slate-600">
            {u.email} · {formatPhoneNumber(u.phone)}
          </p>
          <CardLine label={t('users.status')}>
            <UserStatus user={u} />
          </CardLine>
        </div>
      )}
    />
  );
}

type FilterProps = {
  search: string;
  blocked: BlockedFilter;
  onApply: (search: string, blocked: BlockedFilter) => void;
};

/** Search box and blocked filter; the URL holds the applied values. */
function UserFilter({ search, blocked, onApply }: FilterProps) {
  const t = accountStaff.useT();
  const [draft, setDraft] = useState(search);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft, blocked);
  };
  return (
    <Card className="mb-6">
      <form
        role="search"
        aria-label={t('users.filter')}
        onSubmit={onSubmit}
        className="flex flex-col gap-4 md:flex-row md:items-end"
      >
        <TextField
          label={t('users.search')}
          type="search"
          placeholder={t('users.searchPlaceholder')}
          value={draft}
          maxLength={100}
          onChange={(event) => setDraft(event.target.value)}
          className="md:flex-1"
        />
        <SelectField
          label={t('users.status')}
          value={blocked}
          onChange={(event) => onApply(draft, readBlocked(event.target.value))}
        >
          <option value="all">{t('users.all')}</option>
          <option value="active">{t('users.active')}</option>
          <option value="blocked">{t('users.blocked')}</option>
        </SelectField>
        <Button type="submit" size="lg" icon={<Search className="size-4" aria-hidden="true" />}>
          {t('users.search')}
        </Button>
      </form>
    </Card>
  );
}

export function AdminUsersPage() {
  const t = accountStaff.useT();
  const titles = common.useT();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const blocked = readBlocked(params.get('blocked'));
  const page = readPage(params.get('page'));
  const query = useUsers({
    search,
    blocked: blocked === 'all' ? null : blocked === 'blocked',
    page,
  });

  return (
    <AdminFrame
      title={titles('titles.admin.users')}
      description={t('users.description')}
    >
      <UserFilter
        key={search}
        search={search}
        blocked={blocked}
        onApply={(nextSearch, nextBlocked) =>
          setParams(filterParams(nextSearch.trim(), nextBlocked))
        }
      />
      <ListCard
        query={query}
        loadingLabel={t('users.loading')}
        pagesLabel={t('users.pages')}
        hrefFor={(p) => hrefFor(search, blocked, p)}
        empty={
          <ListEmpty icon={Users} title={t('users.empty')}>
            {t(search || blocked !== 'all' ? 'users.emptySearch' : 'users.emptyHint')}
          </ListEmpty>
        }
      >
        {(items) => <UserList items={items} />}
      </ListCard>
    </AdminFrame>
  );
}
