import {
  CreateStaffBodySchema,
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
import { common } from '../../../../lib/i18n-common';
import { accountStaff } from '../i18n';

const ROLES = StaffRoleSchema.options;
/** A role's name ("Cashier"), in the page's language. */
const roleName = (role: StaffRole) => accountStaff.t(`role.${role}`);

const selectClass =
  'block min-h-12 w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';

function RoleSelect({ member }: { member: StaffMember }) {
  const t = accountStaff.useT();
  const mutation = useChangeStaff();
  const { run, loading } = useAction();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        {t('staff.roleOf', { name: member.name })}
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
            {roleName(role)}
          </option>
        ))}
      </select>
    </div>
  );
}

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
  const t = accountStaff.useT();
  const label = t(`change.${kind}.label`);
  return (
    <>
      <Button
        variant="ghost"
        onClick={() => setOpen(true)}
        aria-label={t('staff.actionLabel', { action: label, name: member.name })}
      >
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t(`change.${kind}.title`)}
        description={t('staff.member', {
          name: member.name,
          email: member.email,
          text: t(`change.${kind}.text`),
        })}
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
  const t = accountStaff.useT();
  if (self) return <span className="text-sm text-slate-500">{t('staff.you')}</span>;
  return (
    <div className="flex flex-wrap justify-end gap-1">
      {member.second_factor ? <StaffAction member={member} kind="reset_second_factor" /> : null}
      <StaffAction member={member} kind={member.is_disabled ? 'enable' : 'disable'} />
    </div>
  );
}

function Status({ member }: { member: StaffMember }) {
  const t = accountStaff.useT();
  return (
    <div className="flex flex-wrap gap-1">
      <StatusBadge status={member.is_disabled ? 'inactive' : 'active'} />
      <span className="text-sm text-slate-600">
        {t(member.second_factor ? 'staff.twoStepOn' : 'staff.twoStepOff')}
      </span>
    </div>
  );
}

function StaffTable({ items, selfId }: { items: StaffMember[]; selfId: number | undefined }) {
  const t = accountStaff.useT();
  return (
    <DataList
      items={items}
      rowKey={(m) => m.id}
      caption={t('staff.caption')}
      columns={[
        {
          header: t('staff.name'),
          cell: (m) => (
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">{m.name}</p>
              <p className="truncate text-sm text-slate-600">{m.email}</p>
            </div>
          ),
        },
        {
          header: t('staff.role'),
          cell: (m) => (m.id === selfId ? roleName(m.role) : <RoleSelect member={m} />),
        },
        { header: t('staff.status'), cell: (m) => <Status member={m} /> },
        {
          header: t('staff.actions'),
          numeric: true,
          cell: (m) => <Actions member={m} self={m.id === selfId} />,
        },
      ]}
      card={(m) => (
        <div className="flex flex-col gap-2">
          <p className="font-semibold text-slate-900">{m.name}</p>
          <CardLine label={t('staff.email')}>{m.email}</CardLine>
          {m.id === selfId ? (
            <CardLine label={t('staff.role')}>{roleName(m.role)}</CardLine>
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
  const t = accountStaff.useT();
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
      <TextField label={t('staff.name')} autoComplete="off" {...app.field('name')} />
      <TextField
        label={t('staff.email')}
        type="email"
        autoComplete="off"
        {...app.field('email')}
      />
      <TextField label={t('staff.phone')} type="tel" autoComplete="off" {...app.field('phone')} />
      <TextField
        label={t('staff.password')}
        type="password"
        autoComplete="new-password"
        revealable
        hint={t('staff.passwordHint')}
        {...app.field('password')}
      />
      <div className="flex flex-col gap-1.5 sm:col-span-2">
        <label htmlFor={roleId} className="text-sm font-medium text-slate-800">
          {t('staff.role')}
        </label>
        <select id={roleId} className={selectClass} {...app.form.register('role')}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {roleName(r)}
            </option>
          ))}
        </select>
        <p className="text-sm text-slate-600">{t(`roleHint.${role}`)}</p>
      </div>
      <Button type="submit" loading={app.loading} className="self-start">
        {t('staff.addButton')}
      </Button>
    </AppForm>
  );
}

/** `/admin/staff` (owners): staff accounts, their roles, and a new one (issue 15). */
export function AdminStaffPage({ selfId }: { selfId?: number }) {
  const t = accountStaff.useT();
  const titles = common.useT();
  const query = useStaff();
  return (
    <AdminFrame title={titles('titles.admin.staff')} description={t('staff.description')}>
      <div className="flex flex-col gap-6">
        <Card>
          {query.isPending ? (
            <ListLoading label={t('staff.loading')} rows={3} />
          ) : query.isError ? (
            <ListError
              message={query.error.message}
              onRetry={() => void query.refetch()}
              retrying={query.isFetching}
            />
          ) : query.data.length === 0 ? (
            <ListEmpty icon={UsersRound} title={t('staff.empty')}>
              {t('staff.emptyHint')}
            </ListEmpty>
          ) : (
            <StaffTable items={query.data} selfId={selfId} />
          )}
        </Card>
        <Card>
          <h2 className="mb-4 text-lg font-semibold text-slate-900">{t('staff.add')}</h2>
          <CreateStaffForm />
        </Card>
      </div>
    </AdminFrame>
  );
}
