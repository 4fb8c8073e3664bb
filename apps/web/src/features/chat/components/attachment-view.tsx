import { chatKeys } from '@fieldhouse/client/chat/cache/chat-queries.ts';
import type { Media } from '@fieldhouse/shared';
import { Anchor, Group, Image, Paper, Skeleton, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconDownload, IconFile, IconFileTypePdf, IconPhoto } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { toast } from 'sonner';
import { apiBlob } from '../../../lib/api-client.ts';

export const formatBytes = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(0)} KB`
      : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

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

function ImagePreview({ media }: { media: Media }) {
  const { url, isError } = useBlobUrl(media, true);
  if (isError) return <FileCard media={media} />;
  if (!url) return <Skeleton w={260} h={180} radius="md" />;
  return (
    <UnstyledButton onClick={() => window.open(url, '_blank', 'noopener')} aria-label={`Open ${media.fileName}`}>
      <Image src={url} alt={media.fileName} radius="md" maw={320} mah={260} fit="contain" />
    </UnstyledButton>
  );
}

function FileCard({ media }: { media: Media }) {
  const Icon =
    media.mimeType === 'application/pdf' ? IconFileTypePdf : media.mimeType.startsWith('image/') ? IconPhoto : IconFile;
  return (
    <Paper withBorder radius="md" p="xs" maw={320}>
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" size="lg" radius="md">
          <Icon size={20} />
        </ThemeIcon>
        <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={600} truncate>
            {media.fileName}
          </Text>
          <Text size="xs" c="dimmed">
            {formatBytes(media.size)}
          </Text>
        </Stack>
        <Anchor
          component="button"
          type="button"
          onClick={() => void download(media)}
          aria-label={`Download ${media.fileName}`}
        >
          <IconDownload size={18} />
        </Anchor>
      </Group>
    </Paper>
  );
}

/** An attachment: an image preview, or a file card with its size and a download button. */
export function AttachmentView({ media }: { media: Media }) {
  return media.mimeType.startsWith('image/') && media.mimeType !== 'image/svg+xml' ? (
    <ImagePreview media={media} />
  ) : (
    <FileCard media={media} />
  );
}
