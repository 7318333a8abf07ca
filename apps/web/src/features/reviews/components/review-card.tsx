import type { Review } from '@iddesk/contract';
import type { ReactNode } from 'react';
import { formatDate } from '../../../lib/money';
import { Stars } from './stars';

/** Initials for the avatar circle: "Priya Sharma" → "PS". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words.at(-1)![0]] : [words[0]?.[0]];
  return letters.filter(Boolean).join('').toUpperCase() || '?';
}

/** One review. The text is a React text node: whatever was typed shows as typed. */
export function ReviewCard({ review, footer }: { review: Review; footer?: ReactNode }) {
  return (
    <article className="rounded-2xl border border-slate-200/80 bg-white p-5 shadow-card sm:p-6">
      <header className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-bold text-brand-800"
        >
          {initialsOf(review.author_name)}
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold text-slate-900">{review.author_name}</h3>
          <div className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1">
            <Stars rating={review.rating} size="sm" />
            <time dateTime={review.created_at} className="text-sm text-slate-600">
              {formatDate(review.created_at)}
            </time>
          </div>
        </div>
      </header>
      <p className="mt-3 whitespace-pre-line [overflow-wrap:anywhere] text-slate-700">
        {review.text}
      </p>
      {footer ? <div className="mt-4">{footer}</div> : null}
    </article>
  );
}
