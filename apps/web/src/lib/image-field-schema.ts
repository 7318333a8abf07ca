import { translate } from '@iddesk/contract';
import { z } from 'zod';
import { imageFileError } from './files';

// Apart from files.ts, which the form kit imports: a page whose form has no image field then
// loads no zod with it (lib/use-app-form.ts LazySchema).

/**
 * A form's image field holding a File (or null). Required fields report `requiredMessage` (a
 * function is asked when the file is missing, so it speaks the page's language then); optional
 * ones pass null through.
 */
export function imageFieldSchema(requiredMessage?: string | (() => string)) {
  return z
    .custom<File | null>((v) => v === null || v === undefined || v instanceof Blob, {
      error: () => translate('validation.image.choose'),
    })
    .superRefine((file, ctx) => {
      if (!file) {
        if (requiredMessage) {
          const message = typeof requiredMessage === 'function' ? requiredMessage() : requiredMessage;
          ctx.addIssue({ code: 'custom', message });
        }
        return;
      }
      const message = imageFileError(file);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .transform((file) => file ?? null);
}
