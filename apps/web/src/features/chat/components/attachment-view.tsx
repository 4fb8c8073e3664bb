import { downloadAttachment, useAttachmentUrl } from '@fieldhouse/client/chat/cache/attachments.ts';
import type { Media } from '@fieldhouse/shared';
import { Anchor, Group, Image, Paper, Skeleton, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconDownload, IconFile, IconFileTypePdf, IconPhoto } from '@tabler/icons-react';
import { formatBytes } from '../../../lib/format-bytes.ts';

function ImagePreview({ media }: { media: Media }) {
  const { url, isError } = useAttachmentUrl(media, true);
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
          onClick={() => void downloadAttachment(media)}
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
