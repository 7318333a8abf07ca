import { type AdminCatalogueItem, type CatalogueItem, formatAmount, type ItemRef } from '@iddesk/contract';
import type { CatalogueItemRow } from '../../db/schema';
import { fileUrl } from '../uploads';
import type { CatalogueItemWithCount } from './repository';

/** Demo credentials go only to signed-in callers (docs/product.md#domain); guests see `has_demo`. */
export function toCatalogueItemJson(row: CatalogueItemRow, signedIn: boolean): CatalogueItem {
  const hasDemo = row.demoLogin !== null && row.demoPassword !== null;
  return {
    id: row.id,
    name: row.name,
    website: row.website,
    description: row.description,
    logo_url: fileUrl('public', row.logoKey),
    min_deposit: formatAmount(row.minDeposit),
    is_active: row.isActive,
    has_demo: hasDemo,
    demo_login: hasDemo && signedIn ? row.demoLogin : null,
    demo_password: hasDemo && signedIn ? row.demoPassword : null,
    created_at: row.createdAt.toISOString(),
  };
}

export function toAdminCatalogueItemJson(row: CatalogueItemWithCount): AdminCatalogueItem {
  return { ...toCatalogueItemJson(row, true), user_id_count: row.userIdCount };
}

export function toItemRef(row: Pick<CatalogueItemRow, 'id' | 'name' | 'website' | 'logoKey'>): ItemRef {
  return { id: row.id, name: row.name, website: row.website, logo_url: fileUrl('public', row.logoKey) };
}

/** The audit log's view: what an admin can change, money as the wire shows it. */
export function auditViewOf(row: CatalogueItemRow) {
  return {
    name: row.name,
    website: row.website,
    description: row.description,
    logo_key: row.logoKey,
    min_deposit: formatAmount(row.minDeposit),
    is_active: row.isActive,
    // Whether demo access exists, not the credentials themselves.
    has_demo: row.demoLogin !== null,
  };
}
