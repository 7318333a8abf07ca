import { Filter } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { staffText } from '../i18n';

type FilterPanelProps = {
  /** Names the search landmark: "Filter bills". */
  label: string;
  /** How many filters the list applies now, shown on the button: "Filters (2)". */
  applied: number;
  /** Beside the button, always in view (the list's order). */
  side?: ReactNode;
  onSubmit: (event: FormEvent) => void;
  /** The fields and the Apply / Clear buttons. */
  children: ReactNode;
};

/**
 * The frame of a staff list's filters (issue 56): folded behind a "Filters" button that counts
 * what is applied, at every width, so the list's first row is in view when the page opens; the
 * fields open below the button.
 */
export function FilterPanel({ label, applied, side, onSubmit, children }: FilterPanelProps) {
  const t = staffText.useT();
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Card className="mb-6 p-4 sm:p-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Button
          variant="secondary"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
          icon={<Filter className="size-4" aria-hidden="true" />}
        >
          {applied > 0 ? t('filter.filtersCount', { count: applied }) : t('filter.filters')}
        </Button>
        {side}
      </div>
      {open ? (
        <form id={id} role="search" aria-label={label} onSubmit={onSubmit} noValidate className="mt-4">
          {children}
        </form>
      ) : null}
    </Card>
  );
}
