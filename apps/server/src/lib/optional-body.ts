import { z } from 'zod';

/**
 * A JSON body the client may leave out (reject with no comment, list users with no filter).
 * The client still sends `Content-Type: application/json`, so "no body" arrives as
 * undefined or null; both read as `{}`.
 */
export const optionalBody = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => value ?? {}, schema);
