import type { ImgHTMLAttributes } from 'react';
import { imageUrl } from '../lib/image-url';

type RemoteImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt'> & {
  src: string | null | undefined;
  /** Required on purpose: "" for decorative images, a description otherwise. */
  alt: string;
};

/** An image from catalogue data, rendered only when the value is a usable URL. */
export function RemoteImage({ src, alt, ...rest }: RemoteImageProps) {
  const url = imageUrl(src);
  return url ? <img src={url} alt={alt} {...rest} /> : null;
}
