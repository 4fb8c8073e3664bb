import { TOASTS } from '@fieldhouse/shared';
import { useWindowEvent } from '@mantine/hooks';
import type { RefObject } from 'react';

/**
 * SPEC §2: alt+T focuses notifications. sonner moves focus to its toasts when some are shown;
 * with none on screen the same keys focus the notifications bell instead of doing nothing.
 */
export function useBellHotkey(bell: RefObject<HTMLButtonElement | null>) {
  useWindowEvent('keydown', (event) => {
    const pressed = TOASTS.hotkey.every((key) => (key === 'altKey' ? event.altKey : event.code === key));
    if (!pressed || document.querySelector('[data-sonner-toast]')) return;
    event.preventDefault();
    bell.current?.focus();
  });
}
