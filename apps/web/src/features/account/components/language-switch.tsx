import { LOCALE_NAMES, LOCALES, type Locale } from '@iddesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { runAction } from '../../../lib/action';
import { chooseLocale, useLocale } from '../../../lib/i18n';
import { common } from '../../../lib/i18n-common';
import { useSession } from '../../../lib/session';
import { passportQueryKey } from '../api/get-passport';
import { updateLocale } from '../api/update-locale';

const OPTIONS = LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale], lang: locale }));

/**
 * English or Hindi (issue 18): the page changes at once and the choice is kept in this browser;
 * signed in, it is also saved to the account, so every browser and the notifications follow.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const t = common.useT();
  const locale = useLocale();
  const { guest } = useSession();
  const queryClient = useQueryClient();

  const onChange = async (next: Locale) => {
    await chooseLocale(next);
    if (guest) return;
    const saved = await runAction(() => updateLocale(next));
    if (saved.ok) queryClient.setQueryData(passportQueryKey, (old: object | undefined) => old && { ...old, ...saved.data });
  };

  return (
    <SegmentedControl
      legend={t('language.legend')}
      name="locale"
      value={locale}
      options={OPTIONS}
      onChange={(next) => void onChange(next)}
      className={className}
    />
  );
}
