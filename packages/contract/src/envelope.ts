import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from './constants';

/** Every response: `{ message, data }` (docs/product.md#api-conventions). */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ message: z.string().nullable(), data });

export const EmptyEnvelopeSchema = envelope(z.null());

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  perPage: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
  });
export type Paginated<T> = {
  items: T[];
  page: number;
  per_page: number;
  total: number;
  last_page: number;
};

export const IdParamSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
