import type { ReactNode } from 'react';

/**
 * A queue item's page: the facts to check on the left, the decision on the right. On wide
 * screens the decision column starts at the top and stays in view while the screenshot
 * scrolls, so approve and reject are visible at 1280×800 without scrolling; on phones the
 * facts come first and the decision after them.
 */
export function ItemGrid({ facts, decision }: { facts: ReactNode; decision: ReactNode }) {
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
      <div className="flex min-w-0 flex-col gap-6">{facts}</div>
      <div className="flex min-w-0 flex-col gap-6 lg:sticky lg:top-20">{decision}</div>
    </div>
  );
}
