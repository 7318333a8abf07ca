import { useId } from 'react';
import { cn } from '../../lib/cn';

/** `lang` marks a label written in another language than the page (a language's own name). */
type Option<V extends string> = { value: V; label: string; lang?: string };

type SegmentedControlProps<V extends string> = {
  legend: string;
  name: string;
  value: V;
  options: Option<V>[];
  onChange: (value: V) => void;
  className?: string;
};

/** A choice of two or three options as native radio buttons styled as one segmented bar. */
export function SegmentedControl<V extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  className,
}: SegmentedControlProps<V>) {
  const id = useId();
  return (
    <fieldset className={cn('flex flex-col gap-1.5', className)}>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="grid auto-cols-fr grid-flow-col rounded-xl bg-slate-100 p-1 ring-1 ring-inset ring-slate-200">
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          const checked = option.value === value;
          return (
            <div key={option.value} className="relative">
              <input
                type="radio"
                id={optionId}
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                className="peer absolute inset-0 cursor-pointer opacity-0"
              />
              <label
                htmlFor={optionId}
                lang={option.lang}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center justify-center rounded-lg px-3 text-sm font-semibold transition-colors',
                  'peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500',
                  checked
                    ? 'bg-white text-brand-800 shadow-sm'
                    : 'text-slate-700 hover:text-slate-900',
                )}
              >
                {option.label}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
