import { downloadAttachment, useAttachmentUrl } from '@fieldhouse/client/chat/cache/attachments.ts';
import type { Media } from '@fieldhouse/shared';
import { Group, Image, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { IconDownload, IconPaperclip } from '@tabler/icons-react';

/** A photo shows in the bubble (tap to open it whole); any other file is a download. */
export function Attachment({ media }: { media: Media }) {
  const image = media.mimeType.startsWith('image/');
  const { url, isError } = useAttachmentUrl(media, image);
  if (image && !isError) {
    if (!url) return <Skeleton w={220} h={160} radius="md" />;
    return (
      <UnstyledButton onClick={() => window.open(url, '_blank', 'noopener')} aria-label={`Open ${media.fileName}`}>
        <Image src={url} alt={media.fileName} radius="md" maw={260} mah={240} fit="contain" />
      </UnstyledButton>
    );
  }
  return (
    <UnstyledButton onClick={() => void downloadAttachment(media)} aria-label={`Download ${media.fileName}`} mih={44}>
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
