import { type AuditEntry, type KeyOf, type ProofFlag, ROUTES, WALLET_API } from '@iddesk/contract';
import commonEn from '@iddesk/contract/i18n/en/common.json';
import staffEn from '@iddesk/contract/i18n/en/staff.json';
import staffAccountEn from '@iddesk/contract/i18n/en/staffAccount.json';
import staffIdsEn from '@iddesk/contract/i18n/en/staffIds.json';
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
  'release_claim',
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
/** Request types and ways to pay, by the names the ID queues give them. */
const idWords = staffCatalogue('staffIds', staffIdsEn);
/** Whether a catalogue has the message: the words the trail has for a field, status or role. */
const has = (english: object, key: string) => Object.hasOwn(english, key);

/** `upiId` (an older entry's spelling) and `upi_id` are the same field. */
const snakeCase = (part: string) => part.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * A changed field's name in words: "money_limits.add_funds.min" → "Money limits › add funds ›
 * minimum". A field without a name of its own reads as stored, underscores as spaces.
 * `action` names a field after what was done where that reads better (a rejection's comment
 * is its reason).
 */
export function auditFieldLabel(path: string, action = ''): string {
  const verb = action.split('.')[1];
  return path
    .split('.')
    .map((raw, i) => {
      const part = snakeCase(raw);
      const named =
        part === 'comment' && verb === 'reject'
          ? staffText.t('audit.field.reason')
          : has(staffEn, `audit.field.${part}`)
            ? staffText.t(`audit.field.${part}` as KeyOf<'staff'>)
            : null;
      const words = named ?? part.replace(/_/g, ' ');
      // A capital only at the start of the line ("Reused proof confirmed › comment"), acronyms kept.
      if (i === 0) return words.charAt(0).toUpperCase() + words.slice(1);
      return /^\p{Lu}\p{Lu}/u.test(words) ? words : words.charAt(0).toLowerCase() + words.slice(1);
    })
    .join(' › ');
}

/** A piece of a value as staff read it: words, and a link where the thing has a page. */
export type AuditPart = { text: string; href?: string; external?: boolean };

/** What the entry says about itself, for the values that name other things (issue 56). */
type EntryContext = Pick<AuditEntry, 'action' | 'object_type' | 'object_id' | 'refs'>;

const part = (text: string, href?: string): AuditPart[] => [href ? { text, href } : { text }];

/** The payments another one's reference was already approved on: "Bill #5", "New ID #3". */
function otherPayments(value: unknown): AuditPart[] | null {
  if (!Array.isArray(value)) return null;
  if (value.length === 0) return part(staffText.t('audit.none'));
  return value.map((use: unknown) => {
    const { type, id } = (use ?? {}) as { type?: unknown; id?: unknown };
    const kind = type === 'bill' ? 'bill' : type === 'user_id' ? 'user_id' : 'id_request';
    const text = staffText.t('audit.item', { name: objectName(kind), id: String(id) });
    return { text, href: auditObjectHref(kind, String(id)) ?? undefined };
  });
}

/**
 * Values that stand for something else, by field: a customer's name with a link (not "6"), an
 * ID by its service and username, a ledger entry by its description and amount, a request type
 * and a way to pay in words, a file as a link (issue 56).
 */
const VALUE_OF: Record<string, (value: unknown, entry: EntryContext) => AuditPart[] | null> = {
  user_id: (value, { refs }) => {
    const id = String(value);
    return part(refs?.users?.[id] ?? staffText.t('audit.customerNumber', { id }), ROUTES.adminUser(id));
  },
  user_id_id: (value, { refs }) => {
    const id = String(value);
    const named = refs?.user_ids?.[id];
    const text = named
      ? staffText.t('audit.userId', { service: named.service, username: named.username })
      : staffText.t('audit.item', { name: objectName('user_id'), id });
    return part(text, ROUTES.adminNewId(id));
  },
  transaction_id: (value, { refs, object_type, object_id }) => {
    const named = refs?.transactions?.[String(value)];
    const text = named
      ? staffText.t('audit.ledgerEntry', { description: named.description, amount: formatMoney(named.amount) })
      : staffText.t('audit.item', { name: staffText.t('audit.field.transaction_id'), id: String(value) });
    return part(text, object_type === 'user' && object_id ? ROUTES.adminUserTransactions(object_id) : undefined);
  },
  type: (value) =>
    typeof value === 'string' && has(staffIdsEn, `requestType.${value}`)
      ? part(idWords.t(`requestType.${value}` as KeyOf<'staffIds'>))
      : null,
  pay_from: (value) =>
    value === 'wallet' || value === 'payment' ? part(idWords.t(value === 'wallet' ? 'newIds.wallet' : 'newIds.payment')) : null,
  approved_elsewhere: otherPayments,
  // Issue 55 item 2: whose claim an owner released, by name.
  claimed_by: (value) => {
    const name = (value as { name?: unknown } | null)?.name;
    return typeof name === 'string' ? part(name) : null;
  },
  // A payout screenshot is the customer's, private: it shows on the withdrawal's page.
  payout_proof_key: (_value, { object_type, object_id }) =>
    part(staffText.t('audit.file.private'), auditObjectHref(object_type, object_id) ?? undefined),
};
/** Public images (a logo, a QR code, a gallery picture): a link that opens the file. */
const PUBLIC_FILES = new Set(['logo_key', 'qr_key', 'image_key']);

/** A value as staff read it: amounts in rupees, yes/no, statuses and roles in words, none as "—". */
function show(value: unknown, path: string, entry: EntryContext): AuditPart[] {
  if (value === null || value === undefined || value === '') return part('—');
  const field = snakeCase(path.split('.').pop() ?? '');
  const special = VALUE_OF[field]?.(value, entry);
  if (special) return special;
  if (PUBLIC_FILES.has(field) && typeof value === 'string') {
    return [{ text: staffText.t('audit.file.view'), href: `/api${WALLET_API.publicFile(value)}`, external: true }];
  }
  // A reuse confirmation's flags (issue 51), in words.
  if (Array.isArray(value) && field === 'flags') return part(value.length ? flagWords(value as ProofFlag[]).join(', ') : '—');
  if (typeof value === 'boolean') return part(staffText.t(value ? 'audit.yes' : 'audit.no'));
  if (typeof value === 'string') {
    if (MONEY_FIELDS.has(field) && WIRE_AMOUNT.test(value)) return part(formatMoney(value));
    if (field === 'status' && has(commonEn, `status.${value}`)) return part(common.t(`status.${value}` as KeyOf<'common'>));
    if (field === 'role' && has(staffAccountEn, `role.${value}`)) return part(roleNames.t(`role.${value}` as KeyOf<'staffAccount'>));
    return part(value);
  }
  if (typeof value === 'number') return part(String(value));
  return part(JSON.stringify(value));
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

export type AuditLine = { field: string; label: string; from: AuditPart[]; to: AuditPart[] };

/** The words of a line's value, for reading it aloud or comparing it in a test. */
export const auditText = (parts: AuditPart[]) => parts.map((p) => p.text).join(', ');

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * One line per field that changed, in people's words (issue 56): "Status: Pending → Approved",
 * "Customer: — → Asha Verma" (a link), nested fields one a line.
 */
export function auditChanges(entry: EntryContext & Pick<AuditEntry, 'before' | 'after'>): AuditLine[] {
  const { before, after } = entry;
  if (!isPlainObject(before) && !isPlainObject(after)) {
    if (before === null && after === null) return [];
    return [{ field: 'value', label: staffText.t('audit.field.value'), from: show(before, '', entry), to: show(after, '', entry) }];
  }
  const b = flatten(isPlainObject(before) ? before : {}, '', new Map());
  const a = flatten(isPlainObject(after) ? after : {}, '', new Map());
  const fields = [...new Set([...b.keys(), ...a.keys()])];
  return fields
    .filter((field) => !same(b.get(field), a.get(field)))
    .map((field) => ({
      field,
      label: auditFieldLabel(field, entry.action),
      from: show(b.get(field), field, entry),
      to: show(a.get(field), field, entry),
    }));
}
