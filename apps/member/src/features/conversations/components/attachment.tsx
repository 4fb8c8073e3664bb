import { apiBlob } from '@fieldhouse/client/api-client.ts';
import { chatKeys } from '@fieldhouse/client/chat/cache/chat-queries.ts';
import type { Media } from '@fieldhouse/shared';
import { Group, Image, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { IconDownload, IconPaperclip } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { toast } from 'sonner';

/** Attachments need the bearer token, so they load as blobs; the object URL lives with the view. */
function useBlobUrl(media: Media, enabled: boolean) {
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

async function download(media: Media) {
  try {
    const url = URL.createObjectURL(await apiBlob(media.url));
    Object.assign(document.createElement('a'), { href: url, download: media.fileName }).click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch {
    toast.error(`Could not download ${media.fileName}`);
  }
}

/** A photo shows in the bubble (tap to open it whole); any other file is a download. */
export function Attachment({ media }: { media: Media }) {
  const image = media.mimeType.startsWith('image/');
  const { url, isError } = useBlobUrl(media, image);
  if (image && !isError) {
    if (!url) return <Skeleton w={220} h={160} radius="md" />;
    return (
      <UnstyledButton onClick={() => window.open(url, '_blank', 'noopener')} aria-label={`Open ${media.fileName}`}>
        <Image src={url} alt={media.fileName} radius="md" maw={260} mah={240} fit="contain" />
      </UnstyledButton>
    );
  }
  return (
    <UnstyledButton onClick={() => void download(media)} aria-label={`Download ${media.fileName}`} mih={44}>
      <Group gap={6} wrap="nowrap">
        <IconPaperclip size={16} aria-hidden="true" />
        <Text size="sm" truncate td="underline">
          {media.fileName}
        </Text>
        <IconDownload size={16} aria-hidden="true" />
      </Group>
    </UnstyledButton>
  );
}
