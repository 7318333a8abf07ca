import type { RequestType } from '@iddesk/contract';
import staffIdsEn from '@iddesk/contract/i18n/en/staffIds.json';
import { staffCatalogue } from '../../staff';

/** The IDs' staff pages: catalogue, new IDs, ID requests, a customer's IDs. */
export const idsStaff = staffCatalogue('staffIds', staffIdsEn);

/** A request type as the desk reads it ("Deposit"), in the page's language. */
export const requestTypeLabel = (type: RequestType) => idsStaff.t(`requestType.${type}`);
