import type { ComponentProps } from 'react';
import { FilterPanel as Panel } from '../../../components/ui/filter-panel';
import { staffText } from '../i18n';

type FilterPanelProps = Omit<ComponentProps<typeof Panel>, 'toggle'> & {
  /** How many filters the list applies now, shown on the button: "Filters (2)". */
  applied: number;
};

/** The shared filter frame (components/ui/filter-panel.tsx) in the staff area's words. */
export function FilterPanel({ applied, ...props }: FilterPanelProps) {
  const t = staffText.useT();
  return <Panel {...props} toggle={applied > 0 ? t('filter.filtersCount', { count: applied }) : t('filter.filters')} />;
}
