import { RATING_MAX } from '@iddesk/contract';
import { Star } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { reviewsText } from '../i18n';

/** How a rating is read out: "Rated 4.5 out of 5". */
export const ratingLabel = (rating: number) =>
  reviewsText.t('stars.rated', { rating, max: RATING_MAX });

/**
 * Read-only stars. A fractional rating fills the last star partly (the average); the picture
 * is hidden from screen readers, which get `ratingLabel` instead.
 */
export function Stars({ rating, size = 'md' }: { rating: number; size?: 'sm' | 'md' | 'lg' }) {
  const box = size === 'lg' ? 'size-7' : size === 'sm' ? 'size-4' : 'size-5';
  return (
    <span role="img" aria-label={ratingLabel(rating)} className="inline-flex items-center gap-0.5">
      {Array.from({ length: RATING_MAX }, (_, i) => {
        const fill = Math.max(0, Math.min(1, rating - i));
        return (
          <span key={i} className={cn('relative inline-block', box)} aria-hidden="true">
            <Star className={cn('absolute inset-0 text-slate-300', box)} strokeWidth={1.5} />
            {fill > 0 ? (
              <span
                className="absolute inset-0 overflow-hidden"
                style={{ width: `${fill * 100}%` }}
              >
                <Star className={cn('fill-amber-400 text-amber-500', box)} strokeWidth={1.5} />
              </span>
            ) : null}
          </span>
        );
      })}
    </span>
  );
}
