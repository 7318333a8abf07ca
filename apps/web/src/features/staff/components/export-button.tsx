import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button, type ButtonVariant } from '../../../components/ui/button';
import { API_BASE, apiBlob } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { staffText } from '../i18n';

type ExportButtonProps = {
  /** The API's CSV path (`/admin/bills/export.csv`). */
  path: string;
  /** The list's filters, order and `pending`, as the list sends them. */
  query: Record<string, string | number | undefined>;
  filename: string;
  variant?: ButtonVariant;
};

/**
 * Downloads a filtered list as CSV for the accountant (issue 16 item 5). The file is fetched
 * with the session's token (the API takes no cookie) and handed to the browser as a download.
 */
export function ExportButton({ path, query, filename, variant = 'light' }: ExportButtonProps) {
  const t = staffText.useT();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) {
        if (value !== undefined && value !== '') params.set(key, String(value));
      }
      const blob = await apiBlob(`${API_BASE}${path}?${params.toString()}`);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = filename;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      toast.error((error as Error).message, { duration: 5000 });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant={variant}
      loading={busy}
      onClick={() => void download()}
      icon={<Download className="size-4" aria-hidden="true" />}
    >
      {t('export.csv')}
    </Button>
  );
}
