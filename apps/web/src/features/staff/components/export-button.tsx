import type { ComponentProps } from 'react';
import { DownloadButton } from '../../../components/ui/download-button';
import { staffText } from '../i18n';

/** A staff list's CSV export for the accountant (issue 16 item 5): the shared download button. */
export function ExportButton(props: Omit<ComponentProps<typeof DownloadButton>, 'label'>) {
  const t = staffText.useT();
  return <DownloadButton {...props} label={t('export.csv')} />;
}
