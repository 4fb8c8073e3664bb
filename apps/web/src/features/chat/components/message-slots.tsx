import type { ChatMessage } from '@fieldhouse/shared';
import { createContext, type ReactNode, useContext } from 'react';

/**
 * What other features draw inside the thread, passed in by the app (routes compose features):
 * the announcement card and the acknowledgement line under a schedule change (decision 027).
 * Without them an announcement reads as an ordinary message.
 */
export type MessageSlots = {
  announcement?: (message: ChatMessage, time: string) => ReactNode;
  ack?: (message: ChatMessage) => ReactNode;
};

const MessageSlotsContext = createContext<MessageSlots>({});

export function MessageSlotsProvider({ value, children }: { value: MessageSlots; children: ReactNode }) {
  return <MessageSlotsContext.Provider value={value}>{children}</MessageSlotsContext.Provider>;
}

export const useMessageSlots = () => useContext(MessageSlotsContext);
