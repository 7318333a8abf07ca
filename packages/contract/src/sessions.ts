import { z } from 'zod';

/** The signed-in user's sessions (issue 15): list them, end one, end all the others. */
export const SESSIONS_API = {
  list: '/user/sessions',
  endOthers: '/user/sessions/end_others',
  end: (id: number | string) => `/user/sessions/${id}/end`,
} as const;

/** One live session of the caller, as the profile lists it. */
export const SessionSchema = z.object({
  id: z.number().int(),
  /** Browser and system read from the User-Agent at sign-in, e.g. "Chrome 131 on Windows 10". */
  device: z.string(),
  /** The IP it signed in from; null for sessions older than this column. */
  ip: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  /** The session of the token making this call. */
  current: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;

export const EndSessionsResultSchema = z.object({
  /** How many sessions ended. */
  ended: z.number().int(),
});
export type EndSessionsResult = z.infer<typeof EndSessionsResultSchema>;

export const UNKNOWN_DEVICE = 'Unknown device';
