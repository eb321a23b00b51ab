import { useEffect, useState } from 'react';
import { fetchPrivateFile } from '../../../lib/private-files';
import * as css from '../fee-guarantee.css';

/**
 * The signed confirmation's signature, fetched with the owner's bearer token (the file is never
 * at a public URL) and shown from a blob: URL; nothing when it cannot be read.
 */
export function SignatureImage({ url, alt }: { url: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let objectUrl: string | null = null;
    fetchPrivateFile(url)
      .then((blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      .catch(() => setSrc(null));
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return src ? <img className={css.signatureImage} src={src} alt={alt} /> : null;
}
