import type { ReusedProof } from '@iddesk/contract';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../../lib/i18n';
import { reuseReasons, ReusedProofPanel } from './reused-proof';

const flag = (over: Partial<ReusedProof>): ReusedProof => ({
  flagged: true,
  same_reference: [],
  similar_image: [],
  reference_approved: false,
  ...over,
});
const lookAlike = flag({ similar_image: [{ type: 'bill', id: 7 }] });
const utrElsewhere = flag({ same_reference: [{ type: 'user_id', id: 3 }] });
const utrApproved = flag({
  same_reference: [{ type: 'bill', id: 9 }],
  reference_approved: true,
  similar_image: [{ type: 'bill', id: 7 }],
});

const panel = (value: ReusedProof, pending: boolean) =>
  render(
    <MemoryRouter>
      <ReusedProofPanel flag={value} pending={pending} />
    </MemoryRouter>,
  );

describe('reused-proof words (issue 56 harm 1: say what the flag really is)', () => {
  afterEach(async () => {
    cleanup();
    await act(() => activateLocale('en'));
  });

  it('names each flag: a reference approved or on another payment, a look-alike screenshot', () => {
    expect(reuseReasons(lookAlike)).toEqual(['Look-alike screenshot']);
    expect(reuseReasons(utrElsewhere)).toEqual(['UTR on another payment']);
    expect(reuseReasons(utrApproved)).toEqual(['UTR already approved', 'Look-alike screenshot']);
    expect(reuseReasons(undefined)).toEqual([]);
  });

  it('a bill flagged only for its screenshot is headed by the screenshot, not a reused reference', () => {
    panel(lookAlike, true);
    expect(
      screen.getByRole('heading', { name: 'This screenshot looks like another payment’s' }),
    ).toBeTruthy();
    expect(screen.queryByText(/UTR/)).toBeNull();
    expect(screen.getByText(/Approving asks you to say why/)).toBeTruthy();
  });

  it('the strongest flag heads the panel; a handled item no longer asks why', () => {
    panel(utrApproved, false);
    expect(
      screen.getByRole('heading', { name: 'This UTR was already approved on another payment' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Bill #9' })).toBeTruthy();
    expect(screen.queryByText(/Approving asks you to say why/)).toBeNull();
  });

  it('speaks Hindi too', async () => {
    await act(() => activateLocale('hi'));
    panel(utrElsewhere, true);
    expect(
      await screen.findByRole('heading', { name: 'यह UTR किसी दूसरे पेमेंट पर भी है' }),
    ).toBeTruthy();
  });
});
