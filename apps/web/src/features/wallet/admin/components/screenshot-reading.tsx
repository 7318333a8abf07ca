import type { Bill } from '@iddesk/contract';
import { AlertTriangle, Check } from 'lucide-react';
import { formatMoney } from '../../../../lib/money';
import { walletStaff } from '../i18n';

/**
 * What the server read from a bill's screenshot (issue 54 item 5) beside what the customer
 * typed: "Screenshot says ₹X, ref Y", each difference flagged in amber with what was typed.
 * `compact`: one line for the queue's rows.
 */
export function ScreenshotReading({ bill, compact = false }: { bill: Bill; compact?: boolean }) {
  const t = walletStaff.useT();
  const reading = bill.screenshot_reading;
  if (!reading) return null;
  if (!reading.read) return <p className="text-sm text-slate-600">{compact ? `${t('reading.label')}: ${t('reading.pending')}` : t('reading.pending')}</p>;
  const says = t('reading.says', {
    amount: reading.amount === null ? t('reading.noAmount') : formatMoney(reading.amount),
    reference: reading.reference ?? t('reading.noReference'),
  });
  const differences = [
    ...(reading.amount_differs ? [t('reading.amountDiffers', { typed: formatMoney(bill.amount) })] : []),
    ...(reading.reference_differs ? [t('reading.referenceDiffers')] : []),
  ];
  return (
    <div className="min-w-0 text-sm">
      <p className="break-words text-slate-800">
        {compact ? `${t('reading.label')}: ` : ''}
        <span className="font-medium tabular-nums">{says}</span>
      </p>
      {differences.length > 0 ? (
        <ul className="mt-1 space-y-0.5">
          {differences.map((text) => (
            <li key={text} className="flex items-start gap-1 font-semibold text-amber-800">
              <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>{text}</span>
            </li>
          ))}
        </ul>
      ) : compact ? null : (
        <p className="mt-1 flex items-center gap-1 text-emerald-800">
          <Check aria-hidden="true" className="size-4 shrink-0" />
          {t('reading.matches')}
        </p>
      )}
    </div>
  );
}
