import { type FieldErrors, ValidationError } from '../../errors/app-errors';
import { uniqueViolation } from '../../db/pg-errors';
import { t } from '../../lib/i18n';


export function takenContactsError(taken: {
  email: boolean;
  phone: boolean;
}): ValidationError | null {
  const errors: FieldErrors = {};
  if (taken.email) errors.email = [t('api.users.emailTaken')];
  if (taken.phone) errors.phone = [t('api.users.phoneTaken')];
  return Object.keys(errors).length > 0 ? new ValidationError(errors) : null;
}

/**
 * The pre-check cannot see a concurrent registration with the same email or phone; the unique
 * constraints can. Turn that race into the same 422 the pre-check would have given.
 */
export function contactConflictFromDb(error: unknown): ValidationError | null {
  const constraint = uniqueViolation(error);
  if (constraint === 'users_email_unique') return ValidationError.field('email', t('api.users.emailTaken'));
  if (constraint === 'users_phone_unique') return ValidationError.field('phone', t('api.users.phoneTaken'));
  return null;
}
