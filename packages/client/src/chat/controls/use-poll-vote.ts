/** Voting in a poll over the socket; the tallies come back to everyone as `poll:update` (the provider stores them). */
import { type Poll, SOCKET_EVENTS } from '@fieldhouse/shared';
import { useState } from 'react';
import { toast } from 'sonner';
import { useChat } from '../realtime/chat-provider.tsx';
import { nextVote, pollView } from './poll-vote.ts';

export function usePollVote(poll: Poll) {
  const { socket, viewerId } = useChat();
  const [busy, setBusy] = useState(false);
  const view = pollView(poll, viewerId);
  const vote = (optionId: number) => {
    if (busy || view.closed) return;
    setBusy(true);
    socket
      .request(SOCKET_EVENTS.pollVote, { pollId: poll.id, optionIds: nextVote(poll, view.mine, optionId) })
      .catch((error: Error) => toast.error(error.message))
      .finally(() => setBusy(false));
  };
  return { ...view, busy, vote };
}
