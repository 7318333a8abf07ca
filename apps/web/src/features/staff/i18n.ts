import type { Catalogues, Namespace } from '@iddesk/contract';
import staffEn from '@iddesk/contract/i18n/en/staff.json';
import staffContentEn from '@iddesk/contract/i18n/en/staffContent.json';
import { addHindi, catalogue } from '../../lib/i18n';

/** The staff area's namespaces: `staff` (what its pages share) and one per domain (`staffWallet`, …). */
type StaffNamespace = Extract<Namespace, `staff${string}`>;

// The staff area's Hindi is its own chunk, loaded with the area (lib/i18n.ts `addHindi`).
addHindi(() => import('./i18n-hi'));

/**
 * A staff namespace's messages, for the code that imports its English file (the one way a staff
 * page gets its words): `const walletStaff = staffCatalogue('staffWallet', staffWalletEn)`.
 */
export const staffCatalogue = <N extends StaffNamespace>(namespace: N, english: Catalogues[N]) =>
  catalogue(namespace, english);

/** The words the staff pages share: frame, queues, filters, decisions, history, header. */
export const staffText = staffCatalogue('staff', staffEn);

/** The site content's staff pages (top block, settings, media, reviews), in four domains. */
export const contentStaff = staffCatalogue('staffContent', staffContentEn);
