import {
  mayNameMore,
  type ProofFlag,
  proofFlags,
  REUSED_PROOF_NAMED_MAX,
  ROUTES,
  type ProofUse,
  type ReusedProof,
} from '@iddesk/contract';
import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { staffText } from '../i18n';
import { flagWords } from '../lib/reuse';

const hrefOf = (use: ProofUse) =>
  use.type === 'bill'
    ? ROUTES.adminBill(use.id)
    : use.type === 'user_id'
      ? ROUTES.adminNewId(use.id)
      : ROUTES.adminRequest(use.id);

/** "Bill #12", linking to the other payment. */
function UseLink({ use }: { use: ProofUse }) {
  const t = staffText.useT();
  return (
    <Link
      to={hrefOf(use)}
      className="font-semibold text-amber-900 underline underline-offset-2 hover:text-amber-950"
    >
      {t('reuse.use', { type: use.type, id: use.id })}
    </Link>
  );
}

/** The strongest flag's heading on an item page. */
const FLAG_TITLES = {
  reference_approved: 'reuse.approvedTitle',
  reference_elsewhere: 'reuse.utrElsewhereTitle',
  look_alike: 'reuse.lookAlikeTitle',
} as const satisfies Record<ProofFlag, string>;

/** What makes a proof suspect, in words: the contract's flags (the server's 409 reads the same). */
export const reuseReasons = (flag: ReusedProof | undefined): string[] =>
  flagWords(proofFlags(flag));

/**
 * The desk's amber box for flagged payments: an item page's warning (a card's size, an h2) or
 * the batch dialog's flagged items (`inDialog`: smaller, an h3).
 */
export function FlagPanel({
  id,
  title,
  inDialog = false,
  children,
}: {
  id: string;
  title: string;
  inDialog?: boolean;
  children: ReactNode;
}) {
  const Heading = inDialog ? 'h3' : 'h2';
  return (
    <section
      aria-labelledby={id}
      className={cn(
        'border border-amber-300 bg-amber-50 p-4 text-amber-950',
        inDialog ? 'rounded-xl' : 'rounded-2xl',
      )}
    >
      <Heading id={id} className="flex items-center gap-2 font-semibold">
        <AlertTriangle
          className={cn('shrink-0 text-amber-700', inDialog ? 'size-4' : 'size-5')}
          aria-hidden="true"
        />
        {title}
      </Heading>
      {children}
    </section>
  );
}

/** A list row's flag: a reused UTR or a look-alike screenshot. */
export function ReusedFlag({ flag }: { flag: ReusedProof | undefined }) {
  staffText.useT();
  if (!flag?.flagged) return null;
  return (
    <span className="inline-flex max-w-full items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-950 ring-1 ring-inset ring-amber-400">
      <AlertTriangle className="size-3.5 shrink-0" aria-hidden="true" />
      {reuseReasons(flag).join(' · ')}
    </span>
  );
}

/**
 * An item page's warning: the other payments with the same UTR or a look-alike screenshot. While
 * the item waits, it says that approving asks why; once handled, the history shows the reason.
 */
export function ReusedProofPanel({
  flag,
  pending,
}: {
  flag: ReusedProof | undefined;
  pending: boolean;
}) {
  const t = staffText.useT();
  const flags = proofFlags(flag);
  if (!flag || flags.length === 0) return null;
  return (
    <FlagPanel id="reused-proof-heading" title={t(FLAG_TITLES[flags[0]!])}>
      {(
        [
          [t('reuse.sameUtrOn'), flag.same_reference],
          [t('reuse.lookAlikeOn'), flag.similar_image],
        ] as const
      ).map(([label, uses]) =>
        uses.length ? (
          <p key={label} className="mt-1 text-sm">
            {label}{' '}
            {uses.map((use, i) => (
              <span key={`${use.type}-${use.id}`}>
                {i > 0 ? ', ' : null}
                <UseLink use={use} />
              </span>
            ))}
          </p>
        ) : null,
      )}
      {mayNameMore(flag) ? (
        <p className="mt-1 text-sm">{t('reuse.maybeMore', { count: REUSED_PROOF_NAMED_MAX })}</p>
      ) : null}
      {pending ? <p className="mt-2 text-sm">{t('reuse.askWhy')}</p> : null}
    </FlagPanel>
  );
}
