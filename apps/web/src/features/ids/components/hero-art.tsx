import { BadgeCheck } from 'lucide-react';

/** A hidden amount on the decorative card (no words). */
const MASKED_AMOUNT = '₹ • • • •';

/** Decorative stack of ID cards for the home hero (wide screens only). */
export function HeroArt() {
  return (
    <div aria-hidden="true" className="relative hidden h-64 w-80 shrink-0 lg:block">
      <div className="absolute right-6 top-2 h-40 w-64 rotate-6 rounded-2xl bg-white/10 ring-1 ring-white/15" />
      <div className="absolute right-12 top-10 h-44 w-72 -rotate-3 rounded-2xl bg-gradient-to-br from-white to-brand-50 p-5 shadow-sheet">
        <div className="flex items-center gap-3">
          <span className="size-11 rounded-xl bg-gradient-to-br from-brand-600 to-teal-500" />
          <div className="flex-1 space-y-2">
            <span className="block h-2.5 w-28 rounded-full bg-slate-300" />
            <span className="block h-2 w-20 rounded-full bg-slate-200" />
          </div>
          <BadgeCheck className="size-6 text-teal-600" />
        </div>
        <div className="mt-6 space-y-2.5">
          <span className="block h-2 w-full rounded-full bg-slate-200" />
          <span className="block h-2 w-5/6 rounded-full bg-slate-200" />
        </div>
        <div className="mt-5 flex items-end justify-between">
          <span className="block h-6 w-24 rounded-lg bg-brand-100" />
          <span className="text-lg font-bold tabular-nums text-brand-800">{MASKED_AMOUNT}</span>
        </div>
      </div>
    </div>
  );
}
