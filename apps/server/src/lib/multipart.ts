import { createHash } from 'node:crypto';
import { IMAGE_UPLOAD, imageProblemMessage } from '@iddesk/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, BadRequestError, type FieldErrors, ValidationError } from '../errors/app-errors';
import { fieldErrorsFromIssues, parseRequest } from '../errors/request-validation';
import { whileReadingUpload } from './image-pool';
import { t } from './i18n';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * After readForm on a multipart body: a SHA-256 over every part, text fields by name and
     * value, files by name and a SHA-256 of their bytes. An Idempotency-Key's fingerprint
     * takes it in, so a key reused with other fields or another file is refused (issue 15
     * finding 4). Null for a JSON body (the body itself is fingerprinted then), and for a
     * form sent without an Idempotency-Key (nothing reads it).
     */
    formDigest: string | null;
  }
}

export type Form<S extends z.ZodType, F extends string> = {
  fields: z.output<S>;
  files: Partial<Record<F, Buffer>>;
  /** Each file's name as the browser sent it (a statement import keeps it). */
  fileNames: Partial<Record<F, string>>;
};

/**
 * File field name → the message when it is missing, or null when the file is optional. A
 * function is asked when the file is missing, so the message is in the call's language.
 */
export type FileFields<F extends string> = Record<F, string | (() => string) | null>;

/**
 * A form body: the contract's schema of its text fields and its file fields. The route names
 * it twice from one value — `schema: { form }` for the OpenAPI document (Fastify itself never
 * validates a multipart body) and `readForm(request, form)` to read it.
 */
export type FormSpec<S extends z.ZodType = z.ZodType, F extends string = string> = {
  fields: S;
  files: FileFields<F>;
  /** Whether the same fields may come as a JSON object (only when every file is optional). */
  json: boolean;
  /** The largest file the form takes, and what a larger one is told: an image's unless said. */
  fileLimit: { bytes: number; message: () => string };
};

const IMAGE_LIMIT = { bytes: IMAGE_UPLOAD.maxBytes, message: () => imageProblemMessage('tooLarge') };

export function formSpec<S extends z.ZodType, F extends string>(
  fields: S,
  files: FileFields<F>,
  { json = false, fileLimit = IMAGE_LIMIT }: { json?: boolean; fileLimit?: FormSpec['fileLimit'] } = {},
): FormSpec<S, F> {
  if (json && Object.values(files).some((missing) => missing !== null)) {
    throw new Error('a form with a required file cannot also be sent as JSON');
  }
  return { fields, files, json, fileLimit };
}

/**
 * Read a form body: multipart (text fields plus at most one file per named file field) or,
 * for calls whose files are optional, plain JSON. Text fields are validated with the
 * contract's schema; every problem, file or field, comes back as one 422 naming the fields.
 * Malformed multipart is a 400, never a 500.
 */
export async function readForm<S extends z.ZodType, F extends string>(
  request: FastifyRequest,
  { fields: schema, files: fileFields, fileLimit }: FormSpec<S, F>,
): Promise<Form<S, F>> {
  const names = Object.keys(fileFields) as F[];
  const fileErrors: FieldErrors = {};
  const addFileError = (field: string, message: string) => {
    (fileErrors[field] ??= []).push(message);
  };
  const raw: Record<string, unknown> = {};
  const files: Partial<Record<F, Buffer>> = {};
  const fileNames: Partial<Record<F, string>> = {};

  if (request.isMultipart()) {
    // Only a keyed call's fingerprint reads the digest: without a key no file is hashed here
    // (a 100 KB screenshot is ~60 µs of the event loop, issue 19).
    const digest: string[] | null = request.headers['idempotency-key'] === undefined ? null : [];
    await collectParts(request, names, { raw, files, fileNames }, fileLimit, addFileError, digest);
    if (digest) request.formDigest = createHash('sha256').update(JSON.stringify(digest.sort())).digest('hex');
  } else if (request.body !== undefined && request.body !== null) {
    if (typeof request.body !== 'object' || Array.isArray(request.body)) {
      throw ValidationError.field('body', t('validation.body.object'));
    }
    Object.assign(raw, request.body);
  }
  for (const name of names) {
    const missing = fileFields[name];
    if (missing !== null && !files[name] && !fileErrors[name]) {
      addFileError(name, typeof missing === 'function' ? missing() : missing);
    }
  }

  const parsed = parseRequest(schema, raw);
  // Text fields first: the form shows them above the file input, and the 422's message is
  // the first error.
  const errors: FieldErrors = parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
  for (const [field, messages] of Object.entries(fileErrors)) {
    (errors[field] ??= []).push(...messages);
  }
  if (!parsed.success || Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { fields: parsed.data, files, fileNames };
}

/**
 * `throwFileSizeLimit` is honoured per call at runtime, but missing from the method's type.
 * Off, so an oversized file is only marked `truncated` and the remaining parts are still read.
 */
const partOptions = (bytes: number) =>
  ({ limits: { fileSize: bytes }, throwFileSizeLimit: false }) as Parameters<FastifyRequest['parts']>[0];

async function collectParts<F extends string>(
  request: FastifyRequest,
  fileFields: readonly F[],
  { raw, files, fileNames }: { raw: Record<string, unknown>; files: Partial<Record<F, Buffer>>; fileNames: Partial<Record<F, string>> },
  fileLimit: FormSpec['fileLimit'],
  add: (field: string, message: string) => void,
  digest: string[] | null,
): Promise<void> {
  const isFileField = (name: string): name is F => (fileFields as readonly string[]).includes(name);
  try {
    // Size is checked per file, so an oversized image is a 422 on its own field, not a 413.
    for await (const part of request.parts(partOptions(fileLimit.bytes))) {
      if (part.type === 'field') {
        digest?.push(JSON.stringify(['field', part.fieldname, part.value]));
        if (!(part.fieldname in raw)) raw[part.fieldname] = part.value;
        // PostgreSQL text refuses NUL (lib/nul-characters.ts).
        if (typeof part.value === 'string' && part.value.includes('\u0000')) {
          add(part.fieldname, t('validation.field.nul'));
        }
        continue;
      }
      // At most IMAGE_READ_LIMIT files are buffered at once; beyond that a 503, unread.
      const data = await whileReadingUpload(() => part.toBuffer());
      const name = part.fieldname;
      digest?.push(JSON.stringify(['file', name, createHash('sha256').update(data).digest('hex')]));
      if (!isFileField(name)) add(name, t('validation.field.noFile', { field: name }));
      else if (part.file.truncated) add(name, fileLimit.message());
      else if (files[name]) add(name, t('validation.field.oneFile'));
      // An empty file input is sent as a part with no bytes: the same as no file.
      else if (data.length > 0) {
        files[name] = data;
        fileNames[name] = part.filename;
      }
    }
  } catch (error) {
    // Our own errors and Fastify's limits (too many parts/files: 413) keep their status.
    if (error instanceof AppError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw error;
    throw new BadRequestError(t('api.formUnreadable'));
  }
}
