import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { firstFieldError, type ApiError } from './api-error';

const FILE_REFUSED = new Set<unknown>([413, 415, 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE']);

/**
 * Puts a failed call's errors where the user looks: a 422's field errors on their fields (the
 * first message each, focus on the first), an insufficient balance on the amount, a refused
 * upload on the file field. Returns the message for the form-level alert, by the rule of docs/product.md#errors-toasts-and-support
 * (the first field error if present, else the message) over what no field took; null when
 * every error found its field.
 */
export function showServerErrors<T extends FieldValues>(
  error: ApiError,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fileField?: Path<T>,
): string | null {
  const put = (field: Path<T>, message: string, focus: boolean) =>
    setError(field, { type: 'server', message }, { shouldFocus: focus });
  if (error.fieldErrors) {
    const known = new Set<string>(fields);
    let placed = 0;
    let left: string | null = null;
    for (const [field, messages] of Object.entries(error.fieldErrors)) {
      const message = messages[0];
      if (!message) continue;
      if (known.has(field)) put(field as Path<T>, message, placed++ === 0);
      else left ??= message;
    }
    if (placed > 0) return left;
  }
  const amount = fields.find((f) => f === 'amount');
  if (error.code === 'INSUFFICIENT_BALANCE' && amount) {
    put(amount, error.message, true);
    return null;
  }
  if (fileField && (FILE_REFUSED.has(error.status) || FILE_REFUSED.has(error.code))) {
    put(fileField, error.message, true);
    return null;
  }
  return firstFieldError(error);
}
