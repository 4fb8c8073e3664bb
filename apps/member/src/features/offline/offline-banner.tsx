import { Alert } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useOnline } from './use-online.ts';

/** Says that what the screen shows is the last-read copy, while there is no network or no server. */
export function OfflineBanner({ startedOffline }: { startedOffline: boolean }) {
  const online = useOnline();
  if (online && !startedOffline) return null;
  return (
    <Alert
      role="status"
      variant="light"
      color="gray"
      icon={<IconWifiOff size={20} aria-hidden />}
      title="You’re offline"
      mb="md"
    >
      Showing your conversations as you last read them. New messages arrive when you’re back online.
    </Alert>
  );
}
