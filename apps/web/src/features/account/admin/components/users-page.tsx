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

function UserStatus({ user }: { user: AdminUserListItem }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <StatusBadge status={user.is_blocked ? 'blocked' : 'active'} />
      {user.type === 'admin' ? (
        <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-inset ring-brand-200">
          Admin
        </span>
      ) : null}
    </span>
  );
}

function UserList({ items }: { items: AdminUserListItem[] }) {
  return (
    <DataList
      items={items}
      rowKey={(u) => u.id}
      caption="Users"
      columns={[
        { header: 'Name', cell: (u) => <UserLink user={u} /> },
        { header: 'Email', cell: (u) => <span className="break-all">{u.email}</span> },
        { header: 'Phone', cell: (u) => formatPhoneNumber(u.phone), className: 'whitespace-nowrap' },
        {
          header: 'Balance',
          numeric: true,
          cell: (u) => <span className="font-semibold">{formatMoney(u.balance)}</span>,
        },
        { header: 'Status', cell: (u) => <UserStatus user={u} /> },
        {
          header: 'Joined',
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
          <CardLine label="Status">
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
  const [draft, setDraft] = useState(search);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft, blocked);
  };
  return (
    <Card className="mb-6">
      <form
        role="search"
        aria-label="Filter users"
        onSubmit={onSubmit}
        className="flex flex-col gap-4 md:flex-row md:items-end"
      >
        <TextField
          label="Search"
          type="search"
          placeholder="Name, email or phone"
          value={draft}
          maxLength={100}
          onChange={(event) => setDraft(event.target.value)}
          className="md:flex-1"
        />
        <SelectField
          label="Status"
          value={blocked}
          onChange={(event) => onApply(draft, readBlocked(event.target.value))}
        >
          <option value="all">All users</option>
          <option value="active">Not blocked</option>
          <option value="blocked">Blocked only</option>
        </SelectField>
        <Button type="submit" size="lg" icon={<Search className="size-4" aria-hidden="true" />}>
          Search
        </Button>
      </form>
    </Card>
  );
}

export function AdminUsersPage() {
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
      title="Users"
      description="Every customer account, searchable by name, email or phone."
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
        loadingLabel="Loading users"
        pagesLabel="User pages"
        hrefFor={(p) => hrefFor(search, blocked, p)}
        empty={
          <ListEmpty icon={Users} title="No users found">
            {search || blocked !== 'all'
              ? 'No account matches this search. Try part of the name, email or phone.'
              : 'Accounts appear here as customers register.'}
          </ListEmpty>
        }
      >
        {(items) => <UserList items={items} />}
      </ListCard>
    </AdminFrame>
  );
}
