import { CatalogueItemBodySchema, type AdminCatalogueItem } from '@iddesk/contract';
import { z } from 'zod';
import { AmountFieldSchema } from '../../../../lib/amount';
import { imageFieldSchema } from '../../../../lib/image-field-schema';
import type { CatalogueItemInput } from '../api/catalogue';
import { idsStaff } from '../i18n';

/** The form holds what the API call sends. */
export type CatalogueItemFormValues = CatalogueItemInput;

const shape = CatalogueItemBodySchema.shape;
const text = (schema: unknown) => schema as z.ZodType<string | undefined, string>;

/**
 * The admin's catalogue form: the contract's field rules, the logo required on create (an edit
 * without a new file keeps the current logo), and demo access as a login/password pair. The
 * logo's message is written in the page's language when the schema is built.
 */
export const catalogueItemFormSchema = (creating: boolean) =>
  z
    .object({
      name: shape.name as z.ZodType<string, string>,
      website: shape.website as z.ZodType<string, string>,
      description: text(shape.description),
      min_deposit: AmountFieldSchema,
      is_active: z.boolean(),
      demo_login: text(shape.demo_login),
      demo_password: text(shape.demo_password),
      image: imageFieldSchema(creating ? idsStaff.t('item.logoRequired') : undefined),
    })
    .superRefine((v, ctx) => {
      if (v.demo_login && !v.demo_password) {
        ctx.addIssue({
          code: 'custom',
          path: ['demo_password'],
          message: idsStaff.t('item.demoPasswordToo'),
        });
      }
      if (v.demo_password && !v.demo_login) {
        ctx.addIssue({
          code: 'custom',
          path: ['demo_login'],
          message: idsStaff.t('item.demoLoginToo'),
        });
      }
    })
    .transform((v): CatalogueItemInput => ({
      ...v,
      description: v.description ?? '',
      demo_login: v.demo_login ?? '',
      demo_password: v.demo_password ?? '',
    }));

export function catalogueFormValues(item: AdminCatalogueItem | null): CatalogueItemFormValues {
  return {
    name: item?.name ?? '',
    website: item?.website ?? '',
    description: item?.description ?? '',
    min_deposit: item?.min_deposit ?? '',
    is_active: item?.is_active ?? true,
    demo_login: item?.demo_login ?? '',
    demo_password: item?.demo_password ?? '',
    image: null,
  };
}
