import { daysForInput, daysFromInput as fromInput } from '../../../lib/day-input';
import { staffText } from '../i18n';

export { daysForInput };

/** lib/day-input.ts's `daysFromInput`, a bad day said in the staff area's words. */
export const daysFromInput = <V extends { from?: string | undefined; to?: string | undefined }>(values: V) =>
  fromInput(values, staffText.t('filter.dayFormat'));
