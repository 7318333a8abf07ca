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
import { Link } from 'react-router';
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
export const reuseReasons = (flag: ReusedProof | undefined): string[] => flagWords(proofFlags(flag));

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
export function ReusedProofPanel({ flag, pending }: { flag: ReusedProof | undefined; pending: boolean }) {
  const t = staffText.useT();
  const flags = proofFlags(flag);
  if (!flag || flags.length === 0) return null;
  return (
    <section
      aria-labelledby="reused-proof-heading"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id="reused-proof-heading" className="flex items-center gap-2 font-semibold">
        <AlertTriangle className="size-5 text-amber-700" aria-hidden="true" />
        {t(FLAG_TITLES[flags[0]!])}
      </h2>
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
      {mayNameMore(flag) ? <p className="mt-1 text-sm">{t('reuse.maybeMore', { count: REUSED_PROOF_NAMED_MAX })}</p> : null}
      {pending ? <p className="mt-2 text-sm">{t('reuse.askWhy')}</p> : null}
    </section>
  );
}
