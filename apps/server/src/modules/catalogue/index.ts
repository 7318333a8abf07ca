// The catalogue module's public surface: other modules import from here, never its files.
export { findItemForShare, insertItem } from './repository';
export { toItemRef } from './serialize';
export { getOrderableItem, ITEM_UNAVAILABLE } from './service';
