import type { SiteSettings } from '@iddesk/contract';
import { SETTING, siteSettingKey } from '../settings';
import { putSetting } from '../settings';
import type { SeedArea } from './types';

const SITE: SiteSettings = {
  site_name: 'ID Desk',
  contact_phone: '+91 98765 43210',
  whatsapp: '919876543210',
  telegram: 'iddesk_support',
  email: 'support@iddesk.example',
  instagram: 'https://www.instagram.com/iddesk',
  facebook: 'https://www.facebook.com/iddesk',
  youtube: 'https://www.youtube.com/@iddesk',
  x: 'https://x.com/iddesk',
  terms_text: [
    'These demo terms show how the Terms page looks. Replace them in Admin → Settings before you go live.',
    'Your account. Keep your password private. You are responsible for requests made from your account.',
    'Funds and requests. Deposits are credited after our desk verifies the payment. Withdrawals are paid to the account you name and cannot be reversed once sent.',
    'Fair use. IDs are for your own use. We may block accounts used for fraud or abuse.',
  ].join('\n\n'),
};

const MARQUEE =
  'Welcome to ID Desk — new IDs are approved within minutes, every day of the week. This is demo data: change it in Admin → Site → Scrolling announcement.';

export const settingsArea: SeedArea<null> = {
  name: 'settings',
  prepare: async () => ({ data: null, files: [] }),
  async write(tx) {
    for (const [field, value] of Object.entries(SITE) as [keyof SiteSettings, string][]) {
      await putSetting(tx, siteSettingKey(field), value);
    }
    await putSetting(tx, SETTING.marque, MARQUEE);
  },
};
