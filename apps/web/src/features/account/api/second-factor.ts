import {
  type RecoveryCodes,
  type SecondFactorCodeBody,
  type SecondFactorSetup,
  STAFF_API,
} from '@iddesk/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const setupSecondFactor = () =>
  apiRequest<SecondFactorSetup>(STAFF_API.secondFactorSetup, { method: 'POST' });

export const enableSecondFactor = (body: SecondFactorCodeBody) =>
  apiRequest<RecoveryCodes>(STAFF_API.secondFactorEnable, { method: 'POST', body });

export const disableSecondFactor = (body: SecondFactorCodeBody) =>
  apiRequest<null>(STAFF_API.secondFactorDisable, { method: 'POST', body });

export function useSetupSecondFactor() {
  return useMutation({ mutationFn: setupSecondFactor });
}

export function useEnableSecondFactor() {
  return useMutation({ mutationFn: enableSecondFactor });
}

export function useDisableSecondFactor() {
  return useMutation({ mutationFn: disableSecondFactor });
}
