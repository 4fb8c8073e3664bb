/**
 * Whether the viewer may still change a message (own, text, not unsent, inside the 15-minute
 * window: the server decides, this only hides the menu, and hides it when the window closes),
 * and the two requests, whose answers go into the cache at once (decision 023).
 */

import { type ChatMessage, MESSAGE_EDIT_WINDOW_MS, SOCKET_EVENTS, withinEditWindow } from '@fieldhouse/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { useChat } from '../realtime/chat-provider.tsx';
import { storeMessageChange } from '../realtime/message-change.ts';

export function useMessageControls(message: ChatMessage, own: boolean) {
  const { socket } = useChat();
  const queryClient = useQueryClient();
  const changeable = own && message.messageType === 'TEXT' && !message.unsent;
  const [open, setOpen] = useState(() => changeable && withinEditWindow(message.createdAt));
  useEffect(() => {
    if (!changeable) return setOpen(false);
    const left = Date.parse(message.createdAt) + MESSAGE_EDIT_WINDOW_MS - Date.now();
    setOpen(left > 0);
    if (left <= 0) return;
    const timer = setTimeout(() => setOpen(false), left);
    return () => clearTimeout(timer);
  }, [changeable, message.createdAt]);

  const request = async (event: string, payload: object) => {
    try {
      storeMessageChange(queryClient, await socket.request<ChatMessage>(event, { messageId: message.id, ...payload }));
    } catch (error) {
      toast.error((error as Error).message);
      throw error;
    }
  };
  return {
    canChange: open,
    edit: (content: string) => request(SOCKET_EVENTS.messageEdit, { content }),
    unsend: () => request(SOCKET_EVENTS.messageUnsend, {}),
  };
}
