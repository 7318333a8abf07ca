import { z } from 'zod';
import { MARQUEE_MAX_LENGTH } from './constants';

export const MarqueSchema = z.object({ text: z.string() });
export type Marque = z.infer<typeof MarqueSchema>;

export const MarqueBodySchema = z.strictObject({
  text: z.string().trim().max(MARQUEE_MAX_LENGTH),
});
export type MarqueBody = z.input<typeof MarqueBodySchema>;
