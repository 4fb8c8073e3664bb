// sonner's rules as a stylesheet: its own <style> injection is off (the app's Vite plugin,
// apps/web/build/sonner-styles.ts), which a strict Content-Security-Policy would refuse.
import 'sonner/dist/styles.css';
import { TOASTS } from '@fieldhouse/shared';
import { useComputedColorScheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Toaster as Sonner } from 'sonner';

/**
 * The one toaster, with the settings of SPEC §9 (bottom-right, 3 visible, 4 s, alt+T). On a phone
 * the bottom is where one writes (the composer, the keyboard), so toasts come down from the top,
 * and are dismissed as a phone's own notices are, by swiping them up: sonner's 20 px close button
 * is too small a target for a finger (44 px, issue 17) and the toast leaves by itself after 4 s.
 */
export function Toaster() {
  const scheme = useComputedColorScheme('light');
  const phone = useMediaQuery('(max-width: 48em)');
  // A touch screen wider than a phone (a tablet, a phone zoomed out) swipes too: no 20 px close button.
  const touch = useMediaQuery('(pointer: coarse)');
  return (
    <Sonner
      position={phone ? 'top-center' : TOASTS.position}
      visibleToasts={TOASTS.visibleToasts}
      duration={TOASTS.durationMs}
      gap={TOASTS.gapPx}
      hotkey={[...TOASTS.hotkey]}
      theme={scheme}
      richColors
      closeButton={!phone && !touch}
      // On a phone sonner spans the screen between its offsets; a fixed width would push it off the edge.
      style={phone ? undefined : { width: TOASTS.widthPx }}
      swipeDirections={phone ? ['top'] : ['right']}
    />
  );
}
