import { useEffect, useState } from 'react';
import { fetchPrivateFile } from '../../../lib/private-files';
import * as css from '../insurance.css';

/** An image served only with the owner's bearer token (a card photo), fetched and shown from memory. */
export function PrivateImage({ url, alt }: { url: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    fetchPrivateFile(url)
      .then((blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return src ? <img className={css.photo} src={src} alt={alt} /> : null;
}
