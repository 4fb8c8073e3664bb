import { appendToHistory, type HistoryPage } from '@fieldhouse/client/chat/cache/chat-cache.ts';
import { chatKeys } from '@fieldhouse/client/chat/cache/chat-queries.ts';
import { announcementPostSchema, CHAT } from '@fieldhouse/shared';
import { Button, Stack, Switch, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSpeakerphone } from '@tabler/icons-react';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { FormModal } from '../../../components/form-modal.tsx';
import { zodValidate } from '../../../lib/zod-form.ts';
import { postAnnouncement } from '../api/announcements-queries.ts';

type Values = { content: string; requireAck: boolean };

/**
 * "Post announcement" (decision 027): the text and "Ask for acknowledgement" (on by default). The
 * message joins the team room's thread at once (the socket's copy is the same message).
 */
export function PostAnnouncementModal({
  teamId,
  teamName,
  onClose,
  onPosted,
}: {
  teamId: number;
  teamName: string;
  onClose: () => void;
  onPosted?: (roomId: number) => void;
}) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { content: '', requireAck: true },
    validate: zodValidate(announcementPostSchema),
  });
  const mutation = useMutation({
    mutationFn: (values: Values) => postAnnouncement(teamId, values),
    onSuccess: (message) => {
      queryClient.setQueriesData<InfiniteData<HistoryPage>>(
        { queryKey: chatKeys.histories(message.chatRoom.id) },
        (data) => (data ? appendToHistory(data, message) : data),
      );
      void queryClient.invalidateQueries({ queryKey: chatKeys.roomLists() });
      toast.success(
        message.ack
          ? `Announcement posted to ${teamName}: ${message.ack.asked} asked to acknowledge`
          : `Announcement posted to ${teamName}`,
      );
      onPosted?.(message.chatRoom.id);
      onClose();
    },
    onError: (e) => setError(e.message),
  });
  return (
    <FormModal
      title={`Post announcement to ${teamName}`}
      onClose={onClose}
      onSubmit={form.onSubmit((values) => mutation.mutate(values))}
      error={error}
      saving={mutation.isPending}
      submitLabel="Post announcement"
    >
      <Stack gap="md">
        <Textarea
          label="Announcement"
          description="Appears in the team chat as a highlighted card, for the team’s athletes, their guardians and coaches."
          autosize
          minRows={4}
          maxRows={12}
          maxLength={CHAT.maxMessageLength}
          required
          {...form.getInputProps('content')}
        />
        <Switch
          label="Ask for acknowledgement"
          description="Each person gets a “Got it” button; you see who has acknowledged and can nudge the rest."
          {...form.getInputProps('requireAck', { type: 'checkbox' })}
        />
      </Stack>
    </FormModal>
  );
}

/** The button that opens it, for the team page and the team's chat room. */
export function PostAnnouncementButton({
  teamId,
  teamName,
  onPosted,
  variant = 'default',
}: {
  teamId: number;
  teamName: string;
  onPosted?: (roomId: number) => void;
  variant?: 'default' | 'light' | 'filled';
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} leftSection={<IconSpeakerphone size={16} />} onClick={() => setOpen(true)}>
        Post announcement
      </Button>
      {open && (
        <PostAnnouncementModal
          teamId={teamId}
          teamName={teamName}
          onClose={() => setOpen(false)}
          {...(onPosted ? { onPosted } : {})}
        />
      )}
    </>
  );
}
