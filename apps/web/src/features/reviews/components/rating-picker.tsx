import { RATING_MAX } from '@iddesk/contract';
import { Star } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '../../../lib/cn';
import { reviewsText } from '../i18n';

const RATING_WORDS = ['word.1', 'word.2', 'word.3', 'word.4', 'word.5'] as const;

type RatingPickerProps = {
  value: number | undefined;
  onChange: (value: number) => void;
  onBlur?: () => void;
  error?: string;
  name: string;
};

/**
 * Five stars as a native radio group: arrow keys move between them, each is named "4 stars",
 * and the group is named by its legend. Hovering previews a rating without choosing it.
 */
export function RatingPicker({ value, onChange, onBlur, error, name }: RatingPickerProps) {
  const t = reviewsText.useT();
  const id = useId();
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value ?? 0;
  const errorId = `${id}-error`;
  return (
    <fieldset
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      className="flex flex-col gap-1.5"
    >
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{t('picker.legend')}</legend>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex" onMouseLeave={() => setHover(null)}>
          {Array.from({ length: RATING_MAX }, (_, i) => {
            const n = i + 1;
            const optionId = `${id}-${n}`;
            return (
              <div key={n} className="relative">
                <input
                  type="radio"
                  id={optionId}
                  name={name}
                  value={n}
                  checked={value === n}
                  onChange={() => onChange(n)}
                  onBlur={onBlur}
                  className="peer absolute inset-0 size-full cursor-pointer opacity-0"
                />
                <label
                  htmlFor={optionId}
                  onMouseEnter={() => setHover(n)}
                  className="flex size-12 cursor-pointer items-center justify-center rounded-xl peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500"
                >
                  <Star
                    aria-hidden="true"
                    strokeWidth={1.5}
                    className={cn(
                      'size-9 transition-colors',
                      n <= shown ? 'fill-amber-400 text-amber-500' : 'text-slate-400',
                    )}
                  />
                  <span className="sr-only">{t('stars.count', { n })}</span>
                </label>
              </div>
            );
          })}
        </div>
        <span
          className={cn('text-sm', shown > 0 ? 'font-semibold text-slate-800' : 'text-slate-600')}
          aria-hidden="true"
        >
          {shown > 0 ? t(RATING_WORDS[shown - 1]!) : t('picker.choose')}
        </span>
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
