import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { firstFieldError, type ApiError } from './api-error';

/**
 * Puts a 422's field errors onto the form's fields (first message each). Returns true when at
 * least one known field received an error.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: ApiError,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!error.fieldErrors) return false;
  let applied = false;
  let focus = true;
  for (const field of fields) {
    const message = error.fieldErrors[field]?.[0];
    if (message) {
      setError(field, { type: 'server', message }, { shouldFocus: focus });
      focus = false;
      applied = true;
    }
  }
  return applied;
}

/**
 * Puts a failed call's errors where the user looks: 422 field errors on their fields, an
 * insufficient balance on the amount, a refused upload on the file field. Returns the message
 * for the form-level alert when no field took it.
 */
export function showServerErrors<T extends FieldValues>(
  error: ApiError,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fileField?: Path<T>,
): string | null {
  if (applyFieldErrors(error, setError, fields)) return null;
  const amount = fields.find((f) => f === 'amount');
  if (error.code === 'INSUFFICIENT_BALANCE' && amount) {
    setError(amount, { type: 'server', message: error.message }, { shouldFocus: true });
    return null;
  }
  if (
    fileField &&
    (error.status === 413 ||
      error.status === 415 ||
      error.code === 'PAYLOAD_TOO_LARGE' ||
      error.code === 'UNSUPPORTED_MEDIA_TYPE')
  ) {
    setError(fileField, { type: 'server', message: error.message }, { shouldFocus: true });
    return null;
  }
  return firstFieldError(error);
}
