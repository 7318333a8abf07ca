import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { characterCount } from './add-review-page';
import { RatingPicker } from './rating-picker';
import { initialsOf, ReviewCard } from './review-card';
import { Stars } from './stars';

afterEach(cleanup);

describe('rating picker', () => {
  it('is a radio group named by its legend, one radio per star, that reports the choice', () => {
    const onChange = vi.fn();
    render(<RatingPicker name="rating" value={2} onChange={onChange} />);
    const group = screen.getByRole('group', { name: 'Your rating' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    expect(
      within(group).getByRole<HTMLInputElement>('radio', { name: '2 stars' }).checked,
    ).toBe(true);
    expect(within(group).getByRole<HTMLInputElement>('radio', { name: '1 star' }).checked).toBe(false);
    fireEvent.click(within(group).getByRole('radio', { name: '4 stars' }));
    expect(onChange).toHaveBeenCalledWith(4);
  });

  it('shows its error and marks the group invalid', () => {
    render(
      <RatingPicker name="rating" value={undefined} onChange={() => {}} error="Choose a rating." />,
    );
    const group = screen.getByRole('group', { name: 'Your rating' });
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Choose a rating.');
  });
});

describe('review display', () => {
  it('a <script> in a review renders as text, with the author and a readable rating', () => {
    const { container } = render(
      <ReviewCard
        review={{
          id: 1,
          rating: 4,
          text: '<script>alert(1)</script> <b>great</b>',
          author_name: 'Asha Rao',
          created_at: '2026-11-20T10:00:00.000Z',
        }}
      />,
    );
    expect(container.querySelector('script, b')).toBeNull();
    expect(screen.getByText('<script>alert(1)</script> <b>great</b>').tagName).toBe('P');
    screen.getByRole('heading', { name: 'Asha Rao' });
    screen.getByRole('img', { name: 'Rated 4 out of 5' });
    expect(container.querySelector('time')?.getAttribute('datetime')).toBe(
      '2026-11-20T10:00:00.000Z',
    );
  });

  it('stars fill partly for an average', () => {
    render(<Stars rating={4.5} />);
    screen.getByRole('img', { name: 'Rated 4.5 out of 5' });
  });

  it('initials come from the first and last word', () => {
    expect(initialsOf('priya sharma')).toBe('PS');
    expect(initialsOf('  Madonna ')).toBe('M');
    expect(initialsOf('Anna Maria Lopez')).toBe('AL');
    expect(initialsOf('')).toBe('?');
  });

  it('the counter counts trimmed characters and flags going over the limit', () => {
    expect(characterCount('  hello  ')).toEqual({ label: '5 / 5,000 characters', over: false });
    expect(characterCount('x'.repeat(5001)).over).toBe(true);
  });
});
