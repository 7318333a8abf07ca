import {
  API,
  type AuthResult,
  type LoginBody,
  type LoginNewPasswordBody,
  type LoginResult,
  type LoginSecondFactorBody,
  type Passport,
  STAFF_API,
} from '@iddesk/contract';
import { apiRequest } from '../../../lib/api-client';

/** A token, or (an account with a second factor) a challenge to send back with a code. */
export const login = (body: LoginBody) =>
  apiRequest<LoginResult>(API.login, { method: 'POST', body });

/** Sign-in with a generated password, step two: the challenge and the user's own password. */
export const loginNewPassword = (body: LoginNewPasswordBody) =>
  apiRequest<LoginResult>(API.loginNewPassword, { method: 'POST', body });

/** Sign-in, step two: the challenge and a code from the app (or a recovery code). */
export const loginSecondFactor = (body: LoginSecondFactorBody) =>
  apiRequest<AuthResult>(STAFF_API.loginSecondFactor, { method: 'POST', body });

/** Right after signing in: whether this staff account must enrol a second factor first. */
export async function mustEnrolSecondFactor(): Promise<boolean> {
  try {
    const { data } = await apiRequest<Passport>(API.passport, { method: 'POST' });
    return data.second_factor_enrolment_required;
  } catch {
    return false;
  }
}
