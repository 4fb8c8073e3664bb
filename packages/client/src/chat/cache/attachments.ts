/**
 * Chat attachments need the bearer token, so they load as blobs: a photo shows from an object URL
 * that lives with the view; any file downloads through one. Both apps' message views use these.
 */
import type { Media } from '@fieldhouse/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { toast } from 'sonner';
import { apiBlob } from '../../api-client.ts';
import { chatKeys } from './chat-queries.ts';

export function useAttachmentUrl(media: Media, enabled: boolean) {
  const blob = useQuery({
    queryKey: chatKeys.attachment(media.uuid),
    queryFn: () => apiBlob(media.url),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60_000,
  });
  const url = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : undefined), [blob.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return { url, isError: blob.isError };
}

export async function downloadAttachment(media: Media) {
  try {
    const url = URL.createObjectURL(await apiBlob(media.url));
    Object.assign(document.createElement('a'), { href: url, download: media.fileName }).click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch {
    toast.error(`Could not download ${media.fileName}`);
  }
}
