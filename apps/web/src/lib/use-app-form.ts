import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { showErrorToast, type ActionOptions, type ActionResult } from './action';
import { newIdempotencyKey, type ApiResponse } from './api-client';
import { serverError, type ApiError } from './api-error';
import { showServerErrors } from './form-errors';
import { useAction } from './use-action';

/** A form's zod schema: what the fields hold in, what the call takes out. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FormSchema = z.ZodType<any, FieldValues>;
type In<S extends FormSchema> = z.input<S>;
type Out<S extends FormSchema> = z.output<S>;

/**
 * A schema the form loads when it is first used (a field takes the focus, or a submit): a page
 * that imports none of the contract's schemas leaves zod, and the work of building them, out
 * of its first load (/login's Lighthouse score).
 */
export type LazySchema<S extends FormSchema> = () => Promise<S>;

export type AppFormOptions<S extends FormSchema, R> = {
  /** The contract's schema, or the form's own built on it; or a LazySchema of one. */
  schema: S | LazySchema<S>;
  defaultValues: DefaultValues<In<S>>;
  /** The fields a 422 may name; default: the keys of `defaultValues`. */
  fields?: readonly Path<In<S>>[];
  /** The file field that takes a refused upload (413, 415). */
  fileField?: Path<In<S>>;
  /**
   * The call. `idempotencyKey` belongs to this confirmed submit: the same values sent again
   * after an answer was lost carry the same key, so the server replays instead of repeating.
   */
  submit: (values: Out<S>, idempotencyKey: string) => Promise<ApiResponse<R>>;
  /** Ask in a ConfirmDialog before the call (money, or anything hard to undo). */
  confirm?: boolean;
  /** The action wrapper's toasts (docs/product.md#errors-toasts-and-support). */
  action?: ActionOptions;
  onSuccess?: (
    data: R,
    values: Out<S>,
    form: UseFormReturn<In<S>, unknown, Out<S>>,
    message: string | null,
  ) => unknown;
  /** Handles a failure itself when it returns true (the field mapping is skipped). */
  onFailure?: (error: ApiError) => boolean;
};

export type AppForm<S extends FormSchema, R = unknown> = ReturnType<typeof useAppForm<S, R>>;

/** Files compare by what identifies them; the rest by value. */
const fingerprint = (values: unknown) =>
  JSON.stringify(values, (_key, v: unknown) =>
    v instanceof Blob ? ['file', (v as File).name, v.size, v.type, (v as File).lastModified] : v,
  );

/**
 * The zod resolver of a schema, and `prepare`, which starts loading a LazySchema: AppForm calls
 * it when a field of the form first takes the focus, so a page that is only looked at never
 * loads it. A submit waits for it; one whose load failed (the network) says so in the form's
 * alert and sends nothing; the next submit loads it again, and the alert goes once it works.
 */
function resolverOf<S extends FormSchema>(
  schema: S | LazySchema<S>,
  /** The form's alert: the load's failure, then null once a later load has worked. */
  alert: (message: string | null) => void,
): { resolver: Resolver<In<S>, unknown, Out<S>>; prepare: () => void } {
  const of = (loaded: S) => zodResolver(loaded as never) as unknown as Resolver<In<S>, unknown, Out<S>>;
  if (typeof schema !== 'function') return { resolver: of(schema), prepare: () => {} };
  let loading: Promise<Resolver<In<S>, unknown, Out<S>>> | null = null;
  const load = () => {
    loading ??= schema().then(of, (error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  let failed = false;
  const resolver: Resolver<In<S>, unknown, Out<S>> = async (values, context, options) => {
    let resolve: Resolver<In<S>, unknown, Out<S>>;
    try {
      resolve = await load();
    } catch (error) {
      failed = true;
      alert(serverError(0, error).message);
      const errors = { root: { type: 'unavailable', message: '' } } as FieldErrors<In<S>>;
      return { values: {}, errors };
    }
    if (failed) {
      failed = false;
      alert(null);
    }
    return resolve(values, context, options);
  };
  return { resolver, prepare: () => void load().catch(() => {}) };
}

/**
 * The one way a form is built: react-hook-form with the zod resolver, submit state (held
 * LOADING_HOLD_MS by the action wrapper), an optional confirmation before the call, the
 * server's 422 field errors on their fields and the rest in the form's alert (docs/product.md#errors-toasts-and-support; a
 * toast only for what the form does not show itself), and
 * an idempotency key per confirmed submit that outlives a lost answer.
 */
export function useAppForm<S extends FormSchema, R = unknown>(options: AppFormOptions<S, R>) {
  const { schema, defaultValues, confirm = false } = options;
  const [formError, setFormError] = useState<string | null>(null);
  const { resolver, prepare } = useMemo(() => resolverOf(schema, setFormError), [schema]);
  const form = useForm<In<S>, unknown, Out<S>>({ resolver, defaultValues });
  const { run, loading } = useAction();
  const [confirming, setConfirming] = useState<Out<S> | null>(null);
  // The key of a submit whose answer was lost, kept for the same values sent again.
  const [lost, setLost] = useState<{ key: string; values: string } | null>(null);

  const send = async (values: Out<S>): Promise<ActionResult<R>> => {
    const { submit, action, onSuccess, onFailure, fields, fileField } = options;
    setFormError(null);
    const signature = fingerprint(values);
    const key = lost?.values === signature ? lost.key : newIdempotencyKey();
    const result = await run(() => submit(values, key), { ...action, errorNotify: false });
    // No answer at all: the same values sent again keep the key. Any answer spends it.
    setLost(!result.ok && result.error.status === 0 ? { key, values: signature } : null);
    setConfirming(null);
    if (result.ok) {
      await onSuccess?.(result.data, values, form, result.message);
      return result;
    }
    let onField = false;
    if (!onFailure?.(result.error)) {
      const names = fields ?? (Object.keys(defaultValues) as Path<In<S>>[]);
      const left = showServerErrors(result.error, form.setError, names, fileField);
      setFormError(left);
      onField = left === null;
    }
    // The error toast, but a failure is said once (issue 17): what the form shows on a
    // field, and any 422 (on its fields or in the form's alert), is not toasted as well.
    if (action?.notify !== false && !onField && result.error.status !== 422) {
      showErrorToast(result.error);
    }
    return result;
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    if (confirm) setConfirming(values);
    else await send(values);
  });

  /** A TextField's or TextArea's wiring: the registration and the field's error. */
  const field = (name: Path<In<S>>) => {
    const error: { message?: string } | undefined = get(form.formState.errors, name);
    return { ...form.register(name), error: error?.message };
  };

  return {
    form,
    field,
    onSubmit,
    /** Starts loading a LazySchema (AppForm: when a field first takes the focus). */
    prepare,
    loading,
    formError,
    clearFormError: () => setFormError(null),
    /** The checked values waiting in the confirmation, null when it is closed. */
    confirming,
    /** The ConfirmDialog's state: open while confirming, not dismissable while sending. */
    confirm: {
      open: confirming !== null,
      onOpenChange: (open: boolean) => {
        if (!open) setConfirming(null);
      },
      loading,
      onConfirm: () => {
        if (confirming !== null) void send(confirming);
      },
    },
  };
}
