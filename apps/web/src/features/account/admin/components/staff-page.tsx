import {
  CreateStaffBodySchema,
  STAFF_ROLE_LABELS,
  type StaffMember,
  type StaffRole,
  StaffRoleSchema,
} from '@iddesk/contract';
import { UsersRound } from 'lucide-react';
import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { AppForm } from '../../../../components/ui/app-form';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { CardLine, DataList } from '../../../../components/ui/data-list';
import { ListEmpty, ListError, ListLoading } from '../../../../components/ui/list-states';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { TextField } from '../../../../components/ui/text-field';
import { useAppForm } from '../../../../lib/use-app-form';
import { useAction } from '../../../../lib/use-action';
import { type StaffChange, useChangeStaff, useCreateStaff, useStaff } from '../api/staff';
import { AdminFrame } from '../../../staff';

const ROLES = StaffRoleSchema.options;
const ROLE_HINTS: Record<StaffRole, string> = {
  owner: 'Everything: staff, settings, payment types, manual balance changes.',
  cashier: 'Bills, withdrawals, ID requests and new IDs; reads users.',
  support: 'Reads users, transactions and requests; blocks and unblocks. Moves no money.',
};

const selectClass =
  'block min-h-12 w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';

function RoleSelect({ member }: { member: StaffMember }) {
  const mutation = useChangeStaff();
  const { run, loading } = useAction();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        Role of {member.name}
      </label>
      <select
        id={id}
        value={member.role}
        disabled={loading}
        className={selectClass}
        onChange={(event) =>
          void run(() =>
            mutation.mutateAsync({
              id: member.id,
              kind: 'role',
              role: event.target.value as StaffRole,
            }),
          )
        }
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {STAFF_ROLE_LABELS[role]}
          </option>
        ))}
      </select>
    </div>
  );
}

const CONFIRM: Record<
  Exclude<StaffChange['kind'], 'role'>,
  { label: string; title: string; text: string }
> = {
  disable: {
    label: 'Disable',
    title: 'Disable this staff account?',
    text: 'They are signed out everywhere and cannot sign in until enabled again.',
  },
  enable: {
    label: 'Enable',
    title: 'Enable this staff account?',
    text: 'They can sign in again with their password and second factor.',
  },
  reset_second_factor: {
    label: 'Reset 2FA',
    title: 'Reset their second factor?',
    text: 'For a lost phone: they are signed out everywhere and set up a new authenticator at their next sign-in.',
  },
};

function StaffAction({
  member,
  kind,
}: {
  member: StaffMember;
  kind: Exclude<StaffChange['kind'], 'role'>;
}) {
  const mutation = useChangeStaff();
  const { run, loading } = useAction();
  const [open, setOpen] = useState(false);
  const { label, title, text } = CONFIRM[kind];
  return (
    <>
      <Button variant="ghost" onClick={() => setOpen(true)} aria-label={`${label} ${member.name}`}>
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={title}
        description={`${member.name} (${member.email}). ${text}`}
        confirmLabel={label}
        tone={kind === 'enable' ? 'primary' : 'danger'}
        loading={loading}
        onConfirm={() =>
          void run(() => mutation.mutateAsync({ id: member.id, kind })).then(() => setOpen(false))
        }
      />
    </>
  );
}

function Actions({ member, self }: { member: StaffMember; self: boolean }) {
  if (self) return <span className="text-sm text-slate-500">You</span>;
  return (
    <div className="flex flex-wrap justify-end gap-1">
      {member.second_factor ? <StaffAction member={member} kind="reset_second_factor" /> : null}
      <StaffAction member={member} kind={member.is_disabled ? 'enable' : 'disable'} />
    </div>
  );
}

function Status({ member }: { member: StaffMember }) {
  return (
    <div className="flex flex-wrap gap-1">
      <StatusBadge status={member.is_disabled ? 'inactive' : 'active'} />
      <span className="text-sm text-slate-600">
        {member.second_factor ? '2FA on' : '2FA not set up'}
      </span>
    </div>
  );
}

function StaffTable({ items, selfId }: { items: StaffMember[]; selfId: number | undefined }) {
  return (
    <DataList
      items={items}
      rowKey={(m) => m.id}
      caption="Staff accounts"
      columns={[
        {
          header: 'Name',
          cell: (m) => (
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">{m.name}</p>
              <p className="truncate text-sm text-slate-600">{m.email}</p>
            </div>
          ),
        },
        {
          header: 'Role',
          cell: (m) => (m.id === selfId ? STAFF_ROLE_LABELS[m.role] : <RoleSelect member={m} />),
        },
        { header: 'Status', cell: (m) => <Status member={m} /> },
        {
          header: 'Actions',
          numeric: true,
          cell: (m) => <Actions member={m} self={m.id === selfId} />,
        },
      ]}
      card={(m) => (
        <div className="flex flex-col gap-2">
          <p className="font-semibold text-slate-900">{m.name}</p>
          <CardLine label="Email">{m.email}</CardLine>
          {m.id === selfId ? (
            <CardLine label="Role">{STAFF_ROLE_LABELS[m.role]}</CardLine>
          ) : (
            <RoleSelect member={m} />
          )}
          <Status member={m} />
          <Actions member={m} self={m.id === selfId} />
        </div>
      )}
    />
  );
}

function CreateStaffForm() {
  const mutation = useCreateStaff();
  const roleId = useId();
  const app = useAppForm({
    schema: CreateStaffBodySchema,
    defaultValues: { name: '', email: '', phone: '', password: '', role: 'cashier' },
    submit: (values) => mutation.mutateAsync(values),
    onSuccess: (_data, _values, form) => form.reset(),
  });
  const role = useWatch({ control: app.form.control, name: 'role' });

  return (
    <AppForm app={app} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <TextField label="Name" autoComplete="off" {...app.field('name')} />
      <TextField label="Email" type="email" autoComplete="off" {...app.field('email')} />
      <TextField label="Phone" type="tel" autoComplete="off" {...app.field('phone')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        revealable
        hint="Give it to them privately; they set up their second factor at first sign-in."
        {...app.field('password')}
      />
      <div className="flex flex-col gap-1.5 sm:col-span-2">
        <label htmlFor={roleId} className="text-sm font-medium text-slate-800">
          Role
        </label>
        <select id={roleId} className={selectClass} {...app.form.register('role')}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {STAFF_ROLE_LABELS[r]}
            </option>
          ))}
        </select>
        <p className="text-sm text-slate-600">{ROLE_HINTS[role]}</p>
      </div>
      <Button type="submit" loading={app.loading} className="self-start">
        Add staff member
      </Button>
    </AppForm>
  );
}

/** `/admin/staff` (owners): staff accounts, their roles, and a new one (issue 15). */
export function AdminStaffPage({ selfId }: { selfId?: number }) {
  const query = useStaff();
  return (
    <AdminFrame
      title="Staff"
      description="Who can use the admin area, and what each of them may do."
    >
      <div className="flex flex-col gap-6">
        <Card>
          {query.isPending ? (
            <ListLoading label="Loading staff" rows={3} />
          ) : query.isError ? (
            <ListError
              message={query.error.message}
              onRetry={() => void query.refetch()}
              retrying={query.isFetching}
            />
          ) : query.data.length === 0 ? (
            <ListEmpty icon={UsersRound} title="No staff yet">
              Add the first staff member below.
            </ListEmpty>
          ) : (
            <StaffTable items={query.data} selfId={selfId} />
          )}
        </Card>
        <Card>
          <h2 className="mb-4 text-lg font-semibold text-slate-900">Add a staff member</h2>
          <CreateStaffForm />
        </Card>
      </div>
    </AdminFrame>
  );
}
