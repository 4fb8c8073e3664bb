import { Alert, Loader, Stack, Switch, Text } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { toast } from 'sonner';
import { type PushStatus, usePushSubscription } from '../hooks/use-push-subscription.ts';

const DESCRIPTION: Record<PushStatus, string> = {
  checking: 'Checking this browser…',
  on: 'On: you are told of what you switch on below, even with the app closed.',
  off: 'Off: turn on to be told of messages, announcements and schedule changes with the app closed.',
  blocked: 'Blocked by the browser.',
  install: 'Not available in the browser on iPhone and iPad.',
  unsupported: 'Not supported by this browser.',
  'no-worker': 'Not available until the app has finished setting up in this browser.',
};

const HELP: Partial<Record<PushStatus, string>> = {
  blocked:
    'Allow notifications for this site in your browser’s settings (the lock or site settings next to the address), then come back.',
  install:
    'Add Fieldhouse to your Home Screen first: tap Share, then “Add to Home Screen”. Open it from there and turn notifications on.',
  unsupported: 'Try a current version of Chrome, Edge, Firefox or Safari.',
  'no-worker': 'Reload the page and try again. A private window cannot receive notifications.',
};

/** "Notifications on this phone": this browser's web push subscription, on or off. */
export function PushControl() {
  const push = usePushSubscription();
  const { status } = push;
  const help = HELP[status];
  const onChange = async (checked: boolean) => {
    if (checked && (await push.turnOn())) toast.success('Notifications are on for this phone');
    if (!checked && (await push.turnOff())) toast.success('Notifications are off for this phone');
  };
  return (
    <Stack gap="xs">
      <Switch
        size="md"
        label="Notifications on this phone"
        // The way out of a state that cannot be switched is read with the switch itself.
        description={help ? `${DESCRIPTION[status]} ${help}` : DESCRIPTION[status]}
        checked={status === 'on'}
        disabled={push.busy || !(status === 'on' || status === 'off')}
        thumbIcon={push.busy ? <Loader size={10} /> : undefined}
        onChange={(e) => void onChange(e.currentTarget.checked)}
      />
      {push.error && (
        <Alert color="red" variant="light" icon={<IconBellOff size={18} aria-hidden="true" />} role="alert">
          {push.error}
        </Alert>
      )}
      {(status === 'on' || status === 'off') && (
        <Text size="xs" c="dimmed">
          Each phone or computer is turned on separately. The switches below choose what you are told of.
        </Text>
      )}
    </Stack>
  );
}
