import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink } from './button';

/** A staff page's way back to where it came from (its list, the user), with a left arrow. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <ButtonLink to={to} variant="light">
      <ArrowLeft className="size-4" aria-hidden="true" />
      {children}
    </ButtonLink>
  );
}
