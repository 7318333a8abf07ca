import { ROUTES } from '@iddesk/contract';

const OBJECTS: Record<string, string> = {
  bill: 'Bill',
  withdrawal: 'Withdrawal',
  id_request: 'Request',
  user_id: 'New ID',
  user: 'User',
  catalogue_item: 'Catalogue item',
  payment_type: 'Payment type',
  media: 'Media',
  review: 'Review',
  setting: 'Settings',
};

const VERBS: Record<string, string> = {
  approve: 'approved',
  reject: 'rejected',
  block: 'blocked',
  unblock: 'unblocked',
  create: 'created',
  update: 'changed',
  delete: 'deleted',
  hide: 'hidden',
  unhide: 'shown again',
  deposit: 'manual deposit',
  withdraw: 'manual withdrawal',
  role: 'role changed',
};

/** The audit trail's objects staff may filter by, with their names. */
export const AUDIT_OBJECT_TYPES = Object.entries(OBJECTS).map(([value, label]) => ({
  value,
  label,
}));

/** "bill.approve" → "Bill approved"; an unknown action reads as it is stored. */
export function auditActionLabel(action: string): string {
  const [subject = '', verb = ''] = action.split('.');
  const noun =
    OBJECTS[subject] ?? (subject === 'balance' ? 'Balance' : subject === 'staff' ? 'Staff' : null);
  const done = VERBS[verb];
  if (!noun || !done) return action;
  return `${noun} ${done}`;
}

export const auditObjectName = (type: string) => OBJECTS[type] ?? type;

/** The staff page of an audited object, where there is one. */
export function auditObjectHref(type: string, id: string | null): string | null {
  if (!id) return null;
  switch (type) {
    case 'bill':
      return ROUTES.adminBill(id);
    case 'withdrawal':
      return ROUTES.adminWithdraw(id);
    case 'id_request':
      return ROUTES.adminRequest(id);
    case 'user_id':
      return ROUTES.adminNewId(id);
    case 'user':
      return ROUTES.adminUser(id);
    case 'catalogue_item':
      return ROUTES.adminIdEdit(id);
    case 'payment_type':
      return ROUTES.adminPaymentTypeEdit(id);
    default:
      return null;
  }
}

function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** One line per field that changed: "status: pending → approved". */
export function auditChanges(
  before: unknown,
  after: unknown,
): { field: string; from: string; to: string }[] {
  const b = before && typeof before === 'object' ? (before as Record<string, unknown>) : {};
  const a = after && typeof after === 'object' ? (after as Record<string, unknown>) : {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  if (fields.length === 0 && (before !== null || after !== null)) {
    return [{ field: 'value', from: show(before), to: show(after) }];
  }
  return fields
    .filter((f) => show(b[f]) !== show(a[f]))
    .map((field) => ({ field, from: show(b[field]), to: show(a[field]) }));
}
