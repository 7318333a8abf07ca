import { Download } from 'lucide-react';
import { useState } from 'react';
import { API_BASE, apiBlob } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { Button, type ButtonVariant } from './button';

type DownloadButtonProps = {
  /** The API's file path (`/admin/bills/export.csv`, `/transactions/export.csv`). */
  path: string;
  /** The list's filters, order and `pending`, as the list sends them. */
  query: Record<string, string | number | undefined>;
  filename: string;
  label: string;
  variant?: ButtonVariant;
};

/**
 * Downloads a filtered list as a file (issue 16 item 5: the staff's CSV exports; issue 56: the
 * customer's statement). The file is fetched with the session's token (the API takes no
 * cookie) and handed to the browser as a download.
 */
export function DownloadButton({ path, query, filename, label, variant = 'light' }: DownloadButtonProps) {
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
      {label}
    </Button>
  );
}
