import { useEffect, useState } from 'react';
import { cn } from '../../lib/cn';

/**
 * A QR code of `text`, drawn in the browser as a PNG data URL. The `qrcode` library is loaded
 * on the first one shown, so no page's first load carries it; until it is drawn a blank tile of
 * the same size holds its place. The image carries its own white quiet zone (3 modules), so it
 * scans on a dark page too.
 */
export function QrCode({
  text,
  label,
  size,
  className,
}: {
  text: string;
  /** The image's accessible name. */
  label: string;
  /** Its side in CSS pixels; drawn at twice that for sharp screens. */
  size: number;
  className?: string;
}) {
  const [drawn, setDrawn] = useState<{ url: string } | null>(null);

  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then(({ toDataURL }) => toDataURL(text, { margin: 3, width: size * 2 }))
      .then((url) => {
        if (live) setDrawn({ url });
      });
    return () => {
      live = false;
    };
  }, [text, size]);

  const box = cn('rounded-lg bg-white', className);
  // The previous code stays until the new one is drawn, so typing an amount does not flicker.
  return drawn ? (
    <img src={drawn.url} alt={label} width={size} height={size} className={box} />
  ) : (
    <div
      style={{ width: size, height: size }}
      className={cn(box, 'animate-pulse')}
      aria-hidden="true"
    />
  );
}
