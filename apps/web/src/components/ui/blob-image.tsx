import { useEffect, useRef, type ImgHTMLAttributes } from 'react';

type BlobImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  blob: Blob;
  alt: string;
};

/**
 * Shows a Blob or File through an object URL that lives exactly as long as this element: it is
 * revoked when the blob changes or the image unmounts.
 */
export function BlobImage({ blob, alt, ...rest }: BlobImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (!img) return;
    const url = URL.createObjectURL(blob);
    img.src = url;
    return () => {
      img.removeAttribute('src');
      URL.revokeObjectURL(url);
    };
  }, [blob]);
  return <img ref={ref} alt={alt} {...rest} />;
}
