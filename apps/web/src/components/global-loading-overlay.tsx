import { LoadingOverlay } from '@mantine/core';
import { useLoadingOverlayVisible } from '../lib/loading-overlay.ts';

export function GlobalLoadingOverlay() {
  const visible = useLoadingOverlayVisible();
  return <LoadingOverlay visible={visible} pos="fixed" zIndex={3000} overlayProps={{ blur: 2 }} />;
}
