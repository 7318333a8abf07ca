import { Filter } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from './button';
import { Card } from './card';

type FilterPanelProps = {
  /** Names the search landmark: "Filter bills". */
  label: string;
  /** The button's words, with how many filters apply now: "Filters (2)". */
  toggle: string;
  /** Beside the button, always in view (the list's order, a download). */
  side?: ReactNode;
  onSubmit: (event: FormEvent) => void;
  /** The fields and the Apply / Clear buttons. */
  children: ReactNode;
};

/**
 * The frame of a list's filters, the staff's and the customer's (issue 56): folded behind a
 * "Filters" button that counts what is applied, at every width, so the list's first row is in
 * view when the page opens; the fields open below the button.
 */
export function FilterPanel({ label, toggle, side, onSubmit, children }: FilterPanelProps) {
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
          {toggle}
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
