/**
 * Being in a room: joined on the socket while it is on screen (again after a reconnect), marked
 * read, and typing announced with the 3 s auto-stop (SPEC §4), cleared on leaving.
 */
import { CHAT, SOCKET_EVENTS } from '@fieldhouse/shared';
import { useCallback, useEffect, useRef } from 'react';
import { useChat, useConnectionState } from './chat-provider.tsx';

export function useRoomSession(roomId: number) {
  const { socket, markRead } = useChat();
  const state = useConnectionState();
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastStart = useRef(0);

  const stopTyping = useCallback(() => {
    if (!typingTimer.current) return;
    clearTimeout(typingTimer.current);
    typingTimer.current = undefined;
    if (socket.connected) socket.emit(SOCKET_EVENTS.typingStop, { roomId });
  }, [socket, roomId]);

  useEffect(() => {
    socket.setCurrentRoom(roomId);
    markRead(roomId);
    return () => {
      if (socket.currentRoom === roomId) socket.setCurrentRoom(null);
    };
  }, [socket, roomId, markRead]);

  useEffect(() => {
    if (state !== 'connected') return;
    socket.request(SOCKET_EVENTS.joinRoom, { roomId }).catch(() => {});
    return () => {
      stopTyping();
      if (socket.connected) socket.emit(SOCKET_EVENTS.leaveRoom, { roomId });
    };
  }, [socket, roomId, state, stopTyping]);

  /**
   * Call on every keystroke: a start (renewed every 2 s, since the server stops an indicator
   * 3 s after the last start), then a stop 3 s after the last key.
   */
  const typed = useCallback(() => {
    if (!socket.connected) return;
    if (!typingTimer.current || Date.now() - lastStart.current > CHAT.typingTimeoutMs - 1000) {
      lastStart.current = Date.now();
      socket.emit(SOCKET_EVENTS.typingStart, { roomId });
    }
    clearTimeout(typingTimer.current);
    typingTimer.current = setTimeout(() => {
      typingTimer.current = undefined;
      if (socket.connected) socket.emit(SOCKET_EVENTS.typingStop, { roomId });
    }, CHAT.typingTimeoutMs);
  }, [socket, roomId]);

  return { typed, stopTyping };
}
