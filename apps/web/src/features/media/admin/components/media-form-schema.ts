import { MediaCreateBodySchema, translate } from '@iddesk/contract';
import { z } from 'zod';
import { imageFieldSchema } from '../../../../lib/image-field-schema';
import { contentStaff } from '../../../staff';

/**
 * The admin "add to gallery" form: the contract's create body, plus the image file and which
 * of the two sources the admin picked. The check runs even while other fields are invalid, so
 * every missing field shows at once.
 */
export const AddMediaFormSchema = MediaCreateBodySchema.extend({
  source: z.enum(['image', 'video']),
  image: imageFieldSchema(),
}).superRefine(
  (v, ctx) => {
    if (typeof v !== 'object' || v === null) return;
    if (v.source === 'image' && !v.image) {
      ctx.addIssue({ code: 'custom', path: ['image'], message: contentStaff.t('media.chooseImage') });
    }
    if (v.source === 'video' && !v.video_url) {
      ctx.addIssue({ code: 'custom', path: ['video_url'], message: translate('validation.media.source') });
    }
  },
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
);
export type AddMediaFormInput = z.input<typeof AddMediaFormSchema>;
export type AddMediaFormValues = z.output<typeof AddMediaFormSchema>;
