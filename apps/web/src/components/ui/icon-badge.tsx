import type { LucideIcon } from 'lucide-react';

const TONES = {
  brand: 'bg-brand-50 text-brand-700',
  muted: 'bg-slate-100 text-slate-500',
  danger: 'bg-red-50 text-red-700',
  success: 'bg-emerald-50 text-emerald-700',
  warning: 'bg-amber-50 text-amber-700',
} as const;

/** The rounded square icon that leads a panel, an empty list or a notice. */
export function IconBadge({ icon: Icon, tone }: { icon: LucideIcon; tone: keyof typeof TONES }) {
  return (
    <span
      className={`flex size-12 shrink-0 items-center justify-center rounded-2xl ${TONES[tone]}`}
    >
      <Icon className="size-6" aria-hidden="true" />
    </span>
  );
}
