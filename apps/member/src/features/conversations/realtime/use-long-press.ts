import { type PointerEvent, useRef } from 'react';

const HOLD_MS = 500;

/**
 * A long press (touch or pen held still for half a second) or a right click calls `onPress`:
 * the phone's way to a message's menu. A scroll or a lift before then cancels it.
 */
export function useLongPress(onPress: () => void, enabled: boolean) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const cancel = () => clearTimeout(timer.current);
  if (!enabled) return {};
  return {
    onPointerDown: (event: PointerEvent) => {
      if (event.pointerType === 'mouse') return;
      cancel();
      timer.current = setTimeout(onPress, HOLD_MS);
    },
    onPointerUp: cancel,
    onPointerLeave: cancel,
    onPointerCancel: cancel,
    onPointerMove: (event: PointerEvent) => {
      if (Math.abs(event.movementX) + Math.abs(event.movementY) > 6) cancel();
    },
    onContextMenu: (event: { preventDefault: () => void }) => {
      event.preventDefault();
      cancel();
      onPress();
    },
  };
}
