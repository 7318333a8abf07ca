import { type KeyOf, ROUTES } from '@iddesk/contract';
import { staffText } from '../i18n';

/** The objects the audit trail names, as the server stores their type. */
const OBJECTS = [
  'bill',
  'withdrawal',
  'id_request',
  'user_id',
  'user',
  'catalogue_item',
  'payment_type',
  'media',
  'review',
  'setting',
] as const;
/** Subjects of an action that are not objects of their own (manual balance moves, staff). */
const SUBJECTS = [...OBJECTS, 'balance', 'staff'] as const;
const VERBS = [
  'approve',
  'reject',
  'block',
  'unblock',
  'create',
  'update',
  'delete',
  'hide',
  'unhide',
  'deposit',
  'withdraw',
  'role',
] as const;

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

const objectName = (type: (typeof SUBJECTS)[number]) =>
  staffText.t(`audit.object.${type}` satisfies KeyOf<'staff'>);

/** The audit trail's objects staff may filter by, with their names (in the page's language). */
export const auditObjectTypes = () =>
  OBJECTS.map((value) => ({ value, label: objectName(value) }));

/** "bill.approve" → "Bill approved"; an unknown action reads as it is stored. */
export function auditActionLabel(action: string): string {
  const [subject = '', verb = ''] = action.split('.');
  if (!isOneOf(SUBJECTS, subject) || !isOneOf(VERBS, verb)) return action;
  return staffText.t('audit.action', {
    object: objectName(subject),
    verb: staffText.t(`audit.verb.${verb}`),
  });
}

export const auditObjectName = (type: string) => (isOneOf(OBJECTS, type) ? objectName(type) : type);

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
