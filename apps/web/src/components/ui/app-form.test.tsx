import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { ApiResponse } from '../../lib/api-client';
import { errorFromResponse, serverError, unknownError } from '../../lib/api-error';
import { useAppForm, type LazySchema } from '../../lib/use-app-form';
import { AppForm } from './app-form';
import { FormConfirm } from './form-confirm';
import { Button } from './button';
import { TextField } from './text-field';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../lib/toast', () => ({ toast }));

const Schema = z.object({
  amount: z.string().min(1, 'Enter an amount.'),
  reference: z.string(),
});
type Values = z.output<typeof Schema>;
type Submit = (values: Values, key: string) => Promise<ApiResponse<{ id: number }>>;

function TestForm({
  submit,
  confirm = false,
  notify = false,
  schema = Schema,
}: {
  submit: Submit;
  confirm?: boolean;
  notify?: boolean;
  schema?: typeof Schema | LazySchema<typeof Schema>;
}) {
  const app = useAppForm({
    schema,
    defaultValues: { amount: '', reference: '' },
    confirm,
    submit,
    action: { notify },
  });
  return (
    <>
      <AppForm app={app}>
        <TextField label="Amount" {...app.field('amount')} />
        <TextField label="Reference" {...app.field('reference')} />
        <Button type="submit" loading={app.loading}>
          Send
        </Button>
      </AppForm>
      <FormConfirm
        app={app}
        title="Send it?"
        description="Money moves."
        confirmLabel="Yes, send"
        items={(v) => [{ label: 'Amount', value: v.amount }]}
      />
    </>
  );
}

const ok = (): Promise<ApiResponse<{ id: number }>> =>
  Promise.resolve({ message: null, data: { id: 1 } });
const type = (label: string, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
const sendButton = () => screen.getByRole('button', { name: 'Send' });
const send = () => fireEvent.click(sendButton());
/** The submit state is held LOADING_HOLD_MS after a call; the button takes clicks again after. */
const idle = () => waitFor(() => expect(sendButton().getAttribute('aria-busy')).toBeNull());
const fieldError = (label: string) =>
  screen.getByLabelText(label).closest('div.flex')?.querySelector('[role="alert"]')?.textContent;

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  warn.mockRestore();
});

describe('useAppForm', () => {
  it('checks the schema first: an invalid form never calls the server', async () => {
    const submit = vi.fn<Submit>(ok);
    render(<TestForm submit={submit} />);
    send();
    await waitFor(() => expect(fieldError('Amount')).toBe('Enter an amount.'));
    expect(submit).not.toHaveBeenCalled();
  });

  it('puts 422 field errors on their fields and the first other one in the alert', async () => {
    const submit = vi.fn<Submit>(() =>
      Promise.reject(
        errorFromResponse(422, {
          message: 'The given data was invalid.',
          errors: { amount: ['Too much.'], payment_type_id: ['Choose a method.', 'Later'] },
        }),
      ),
    );
    const { container } = render(<TestForm submit={submit} />);
    type('Amount', '10');
    send();
    await waitFor(() => expect(fieldError('Amount')).toBe('Too much.'));
    expect(fieldError('Reference')).toBeUndefined();
    expect(container.querySelector('form > [role="alert"]')?.textContent).toBe('Choose a method.');
    expect(document.activeElement).toBe(screen.getByLabelText('Amount'));
  });

  it('shows the first field error, else the message, when no field takes it', async () => {
    const submit = vi
      .fn<Submit>()
      .mockRejectedValueOnce(
        errorFromResponse(422, { message: 'Invalid.', errors: { login: ['No such account.'] } }),
      )
      .mockRejectedValueOnce(errorFromResponse(409, { message: 'The balance changed.' }));
    const { container } = render(<TestForm submit={submit} />);
    const alert = () => container.querySelector('form > [role="alert"]')?.textContent;
    type('Amount', '10');
    send();
    await waitFor(() => expect(alert()).toBe('No such account.'));
    await idle();
    send();
    await waitFor(() => expect(alert()).toBe('The balance changed.'));
    expect(submit).toHaveBeenCalledTimes(2);
  });

  it('holds the submit state while the call runs', async () => {
    let finish: (value: ApiResponse<{ id: number }>) => void = () => {};
    const submit = vi.fn<Submit>(() => new Promise((resolve) => (finish = resolve)));
    render(<TestForm submit={submit} />);
    type('Amount', '10');
    send();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Send' }).getAttribute('aria-busy')).toBe('true'),
    );
    finish({ message: null, data: { id: 1 } });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Send' }).getAttribute('aria-busy')).toBeNull(),
    );
  });

  it('asks before the call: nothing is sent until the confirmation is accepted', async () => {
    const submit = vi.fn<Submit>(ok);
    render(<TestForm submit={submit} confirm />);
    type('Amount', '25');
    send();
    const dialog = await screen.findByRole('dialog', { name: 'Send it?' });
    expect(within(dialog).getByText('25')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(submit).not.toHaveBeenCalled();

    send();
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, send' }));
    await waitFor(() => expect(submit).toHaveBeenCalledOnce());
    expect(submit.mock.calls[0]?.[0]).toEqual({ amount: '25', reference: '' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends the same key again after a lost answer, and a new one once an answer came', async () => {
    const submit = vi
      .fn<Submit>()
      .mockRejectedValueOnce(unknownError(new TypeError('Failed to fetch')))
      .mockImplementation(ok);
    render(<TestForm submit={submit} confirm />);
    const confirmSend = async () => {
      await idle();
      send();
      fireEvent.click(await screen.findByRole('button', { name: 'Yes, send' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    };
    type('Amount', '25');
    await confirmSend();
    await confirmSend();
    await confirmSend();
    type('Amount', '30');
    await confirmSend();
    const keys = submit.mock.calls.map((call) => call[1]);
    expect(keys).toHaveLength(4);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    // Lost answer, same values: the retry carries the first key.
    expect(keys[1]).toBe(keys[0]);
    // That retry was answered: the key is spent, even for the same values.
    expect(keys[2]).not.toBe(keys[1]);
    expect(keys[3]).not.toBe(keys[2]);
  });

  it('issue 17: says a failure once — no toast for what a field or a 422 shows, the toast for the rest', async () => {
    const submit = vi
      .fn<Submit>()
      .mockRejectedValueOnce(errorFromResponse(422, { message: 'Bad.', errors: { amount: ['Too much.'] } }))
      .mockRejectedValueOnce(errorFromResponse(422, { message: 'Bad.', errors: { login: ['Wrong pair.'] } }))
      .mockRejectedValueOnce(
        errorFromResponse(409, { message: 'Not enough money.', code: 'INSUFFICIENT_BALANCE' }),
      )
      .mockRejectedValueOnce(errorFromResponse(409, { message: 'Already handled.' }));
    const { container } = render(<TestForm submit={submit} notify />);
    const alert = () => container.querySelector('form > [role="alert"]')?.textContent;
    toast.error.mockReset();
    type('Amount', '10');
    send();
    await waitFor(() => expect(fieldError('Amount')).toBe('Too much.'));
    await idle();
    send();
    await waitFor(() => expect(alert()).toBe('Wrong pair.'));
    await idle();
    send();
    await waitFor(() => expect(fieldError('Amount')).toBe('Not enough money.'));
    expect(toast.error).not.toHaveBeenCalled();
    await idle();
    send();
    await waitFor(() => expect(alert()).toBe('Already handled.'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    expect(toast.error.mock.calls[0]?.[1]).toMatchObject({ description: 'Already handled.' });
  });
  describe('with a LazySchema', () => {
    it('loads the schema when a field first takes the focus, not before', async () => {
      const load = vi.fn(() => Promise.resolve(Schema));
      render(<TestForm submit={vi.fn<Submit>(ok)} schema={load} />);
      expect(load).not.toHaveBeenCalled();
      fireEvent.focus(screen.getByLabelText('Amount'));
      fireEvent.focus(screen.getByLabelText('Reference'));
      await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    });

    it('loads the schema once, and checks with it before any call', async () => {
      const load = vi.fn(() => Promise.resolve(Schema));
      const submit = vi.fn<Submit>(ok);
      render(<TestForm submit={submit} schema={load} />);
      send();
      await waitFor(() => expect(fieldError('Amount')).toBe('Enter an amount.'));
      expect(submit).not.toHaveBeenCalled();
      type('Amount', '10');
      send();
      await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
      expect(submit.mock.calls[0]![0]).toEqual({ amount: '10', reference: '' });
      expect(load).toHaveBeenCalledTimes(1);
    });

    it('a schema that cannot load says so in the alert, sends nothing, and loads again at the next submit', async () => {
      const load = vi
        .fn<() => Promise<typeof Schema>>()
        .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
        .mockResolvedValue(Schema);
      const submit = vi.fn<Submit>(ok);
      const { container } = render(<TestForm submit={submit} schema={load} />);
      const alert = () => container.querySelector('form > [role="alert"]')?.textContent;
      send();
      await waitFor(() => expect(alert()).toBe(serverError(0).message));
      expect(submit).not.toHaveBeenCalled();
      expect(load).toHaveBeenCalledTimes(1);
      // Loaded now: the alert goes even though the form itself is not valid yet.
      send();
      await waitFor(() => expect(fieldError('Amount')).toBe('Enter an amount.'));
      expect(alert()).toBeUndefined();
      type('Amount', '10');
      send();
      await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
      expect(load).toHaveBeenCalledTimes(2);
    });
  });
});
