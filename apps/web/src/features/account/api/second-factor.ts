import {
  type RecoveryCodes,
  type SecondFactorCodeBody,
  type SecondFactorSetup,
  STAFF_API,
} from '@iddesk/contract';
import { apiRequest } from '../../../lib/api-client';

export const setupSecondFactor = () =>
  apiRequest<SecondFactorSetup>(STAFF_API.secondFactorSetup, { method: 'POST' });

export const enableSecondFactor = (body: SecondFactorCodeBody) =>
  apiRequest<RecoveryCodes>(STAFF_API.secondFactorEnable, { method: 'POST', body });

export const disableSecondFactor = (body: SecondFactorCodeBody) =>
  apiRequest<null>(STAFF_API.secondFactorDisable, { method: 'POST', body });
