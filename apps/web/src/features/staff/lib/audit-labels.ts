import { type KeyOf, type ProofFlag, type ProofUse, ROUTES } from '@iddesk/contract';
import commonEn from '@iddesk/contract/i18n/en/common.json';
import staffEn from '@iddesk/contract/i18n/en/staff.json';
import staffAccountEn from '@iddesk/contract/i18n/en/staffAccount.json';
import { common } from '../../../lib/i18n-common';
import { formatMoney } from '../../../lib/money';
import { staffCatalogue, staffText } from '../i18n';
import { flagWords } from './reuse';

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
  'activate',
  'deactivate',
  'enable',
  'disable',
  'reset_second_factor',
  'cancel',
] as const;
/** Subjects stored under another name than their object type. */
const SUBJECT_ALIASES: Record<string, (typeof SUBJECTS)[number]> = { settings: 'setting', marque: 'setting' };

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

const objectName = (type: (typeof SUBJECTS)[number]) =>
  staffText.t(`audit.object.${type}` satisfies KeyOf<'staff'>);

/** The audit trail's objects staff may filter by, with their names (in the page's language). */
export const auditObjectTypes = () =>
  OBJECTS.map((value) => ({ value, label: objectName(value) }));

/** "bill.approve" → "Bill approved"; an unknown action reads as it is stored. */
export function auditActionLabel(action: string): string {
  const [stored = '', verb = ''] = action.split('.');
  const subject = SUBJECT_ALIASES[stored] ?? stored;
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

/** Fields whose values are amounts ("1500.00" → "₹1,500.00"). */
const MONEY_FIELDS = new Set(['amount', 'balance', 'balance_after', 'confirmed_amount', 'min_deposit', 'min', 'max', 'daily_payout']);
const WIRE_AMOUNT = /^-?\d+\.\d{2}$/;
/** Staff roles by the names the staff page gives them. */
const roleNames = staffCatalogue('staffAccount', staffAccountEn);
/** Whether a catalogue has the message: the words the trail has for a field, status or role. */
const has = (english: object, key: string) => Object.hasOwn(english, key);

/** `upiId` (an older entry's spelling) and `upi_id` are the same field. */
const snakeCase = (part: string) => part.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * A changed field's name in words: "money_limits.add_funds.min" → "Money limits › add funds ›
 * minimum". A field without a name of its own reads as stored, underscores as spaces.
 */
export function auditFieldLabel(path: string): string {
  return path
    .split('.')
    .map((raw, i) => {
      const part = snakeCase(raw);
      if (has(staffEn, `audit.field.${part}`)) return staffText.t(`audit.field.${part}` as KeyOf<'staff'>);
      const words = part.replace(/_/g, ' ');
      return i === 0 ? words.charAt(0).toUpperCase() + words.slice(1) : words;
    })
    .join(' › ');
}

/** A value as staff read it: amounts in rupees, yes/no, statuses and roles in words, "—" for none. */
function show(value: unknown, path: string): string {
  if (value === null || value === undefined || value === '') return '—';
  const field = snakeCase(path.split('.').pop() ?? '');
  if (typeof value === 'boolean') return staffText.t(value ? 'audit.yes' : 'audit.no');
  if (typeof value === 'string') {
    if (MONEY_FIELDS.has(field) && WIRE_AMOUNT.test(value)) return formatMoney(value);
    if (field === 'status' && has(commonEn, `status.${value}`)) return common.t(`status.${value}` as KeyOf<'common'>);
    if (field === 'role' && has(staffAccountEn, `role.${value}`)) return roleNames.t(`role.${value}` as KeyOf<'staffAccount'>);
    return value;
  }
  if (typeof value === 'number') return String(value);
  // A reuse confirmation's flags and the payments approved before it (issue 51), in words.
  if (Array.isArray(value) && field === 'flags') return value.length ? flagWords(value as ProofFlag[]).join(', ') : '—';
  if (Array.isArray(value) && field === 'approved_elsewhere') {
    return value.length ? value.map((use: ProofUse) => staffText.t('reuse.use', { type: use.type, id: use.id })).join(', ') : '—';
  }
  return JSON.stringify(value);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Nested objects (the money limits, a reuse confirmation) as one field a leaf: "a.b.c" → value. */
function flatten(value: unknown, prefix: string, into: Map<string, unknown>): Map<string, unknown> {
  if (isPlainObject(value) && (prefix === '' || Object.keys(value).length > 0)) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
  } else if (prefix !== '') {
    into.set(prefix, value);
  }
  return into;
}

/** One line per field that changed: "Status: Pending → Approved", nested fields one a line. */
export function auditChanges(
  before: unknown,
  after: unknown,
): { field: string; label: string; from: string; to: string }[] {
  if (!isPlainObject(before) && !isPlainObject(after)) {
    if (before === null && after === null) return [];
    return [{ field: 'value', label: staffText.t('audit.field.value'), from: show(before, ''), to: show(after, '') }];
  }
  const b = flatten(isPlainObject(before) ? before : {}, '', new Map());
  const a = flatten(isPlainObject(after) ? after : {}, '', new Map());
  const fields = [...new Set([...b.keys(), ...a.keys()])];
  return fields
    .map((field) => ({ field, label: auditFieldLabel(field), from: show(b.get(field), field), to: show(a.get(field), field) }))
    .filter((c) => c.from !== c.to);
}
