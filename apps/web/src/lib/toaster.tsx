// sonner's rules as a stylesheet: its own <style> injection is off (build/sonner-styles.ts).
import 'sonner/dist/styles.css';
import { TOASTS } from '@fieldhouse/shared';
import { useComputedColorScheme } from '@mantine/core';
import { Toaster as Sonner } from 'sonner';

/** The one toaster, with the settings of SPEC §9 (bottom-right, 3 visible, 4 s, alt+T). */
export function Toaster() {
  const scheme = useComputedColorScheme('light');
  return (
    <Sonner
      position={TOASTS.position}
      visibleToasts={TOASTS.visibleToasts}
      duration={TOASTS.durationMs}
      gap={TOASTS.gapPx}
      hotkey={[...TOASTS.hotkey]}
      theme={scheme}
      richColors
      closeButton
      style={{ width: TOASTS.widthPx }}
      swipeDirections={['right']}
    />
  );
}
