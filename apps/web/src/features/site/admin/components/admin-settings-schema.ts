import { limitsToWire, type MoneyLimits, SiteSettingsBodySchema, type SiteSettingsBody } from '@iddesk/contract';

/**
 * The owner's settings form: the contract's body schema (each limit read, each minimum at
 * most its maximum), sent in the wire format (amounts as "100.00").
 */
export const AdminSettingsFormSchema = SiteSettingsBodySchema.transform(
  ({ money_limits, ...text }): SiteSettingsBody & { money_limits?: MoneyLimits } => ({
    ...text,
    ...(money_limits === undefined ? {} : { money_limits: limitsToWire(money_limits) }),
  }),
);
