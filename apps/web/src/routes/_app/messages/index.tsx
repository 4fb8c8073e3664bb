import { chatKeys, openDirectRoom } from '@fieldhouse/client/chat/cache/chat-queries.ts';
import { messagesSearchSchema, type RoomListItem } from '@fieldhouse/shared';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { useAuth } from '../../../features/auth/hooks/use-auth.ts';
import { ChatLayout, NoRoomSelected } from '../../../features/chat/components/chat-layout.tsx';
import { ChatThread } from '../../../features/chat/components/chat-thread.tsx';
import { ConversationList } from '../../../features/chat/components/conversation-list.tsx';
import { getActiveOrganization, subscribeActiveOrganization } from '../../../lib/active-organization.ts';

export const Route = createFileRoute('/_app/messages/')({
  validateSearch: messagesSearchSchema,
  component: MessagesPage,
});

function MessagesPage() {
  const { tab, roomId, messageId } = Route.useSearch();
  const navigate = Route.useNavigate();
  const queryClient = useQueryClient();
  const auth = useAuth();
  const active = useSyncExternalStore(subscribeActiveOrganization, getActiveOrganization);
  const own = auth.state.status === 'signedIn' ? auth.state.organization : null;
  // Conversations are a person's own, not a school's: a super admin viewing another school is told.
  const scope = !own
    ? 'Messages are with the coaches, athletes and guardians of your own school. You are not part of a school yet, so there is no one here to write to.'
    : active !== null && active !== own.id
      ? `These are your own conversations at ${own.name}. They do not change with the school you are viewing.`
      : 'Pick a coach, athlete or guardian on the left to read and reply. New messages arrive here live.';

  const [focusComposer, setFocusComposer] = useState(false);
  const [leftRoomId, setLeftRoomId] = useState<number | undefined>(undefined);

  const open = async (item: RoomListItem, byKeyboard: boolean) => {
    setFocusComposer(byKeyboard);
    try {
      // Someone you have never written to has no room yet: it is made on first open.
      const id = item.chatId ?? (await openDirectRoom(item.counterpart.id)).id;
      if (!item.chatId) void queryClient.invalidateQueries({ queryKey: chatKeys.roomLists() });
      await navigate({ search: { tab, roomId: id } });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The conversation could not be opened.');
    }
  };

  return (
    <ChatLayout
      heading="Messages"
      threadOpen={roomId !== undefined}
      list={
        <ConversationList
          tab={tab}
          activeRoomId={roomId}
          onTabChange={(next) => {
            setLeftRoomId(undefined);
            void navigate({ search: { tab: next, roomId } });
          }}
          onOpen={(item, byKeyboard) => void open(item, byKeyboard)}
          returnFocusTo={leftRoomId}
        />
      }
      thread={
        roomId ? (
          <ChatThread
            key={roomId}
            roomId={roomId}
            messageId={messageId}
            onJumpToLatest={() => void navigate({ search: { tab, roomId } })}
            onBack={() => {
              setLeftRoomId(roomId);
              void navigate({ search: { tab } });
            }}
            focusComposer={focusComposer}
          />
        ) : (
          <NoRoomSelected title="Your conversations" text={scope} />
        )
      }
    />
  );
}
