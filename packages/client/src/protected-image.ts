/**
 * Images the API serves only with the bearer token (profile photos, `/api/photos/<key>`, decision
 * 028): an <img src> cannot send the header, so the image is fetched into a blob URL. Any other
 * address (an https picture from the directory) is used as it is.
 */
import { useEffect, useState } from 'react';
import { apiBlob } from './api-client.ts';

/** Whether an image address needs the bearer token (it is one of our own API's). */
export const isProtectedImage = (url: string) => url.startsWith('/api/');

/**
 * The address to show `url` from: a blob URL once a protected image has loaded (null meanwhile or
 * when it fails, so the caller shows initials), or `url` itself when it needs no token.
 */
export function useProtectedImage(url: string | null | undefined): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ for: string; src: string | null; failed: boolean } | null>(null);
  useEffect(() => {
    if (!url || !isProtectedImage(url)) return;
    let objectUrl: string | null = null;
    let cancelled = false;
    apiBlob(url).then(
      (blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ for: url, src: objectUrl, failed: false });
      },
      () => {
        if (!cancelled) setState({ for: url, src: null, failed: true });
      },
    );
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  if (!url) return { src: null, failed: false };
  if (!isProtectedImage(url)) return { src: url, failed: false };
  return state?.for === url ? { src: state.src, failed: state.failed } : { src: null, failed: false };
}
