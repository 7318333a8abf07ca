import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ApiError } from './api-error';

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
