import { MARQUEE_MIN_LENGTH } from '@iddesk/contract';

/** docs/product.md#constants: the banner shows only when its text is longer than MARQUEE_MIN_LENGTH. */
export function isMarqueeVisible(text: string | null | undefined): boolean {
  return (text ?? '').trim().length > MARQUEE_MIN_LENGTH;
}
