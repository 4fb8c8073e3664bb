/**
 * The menu on a message (decision 023): Reply on every message still there, Pin for a team
 * room's staff; on one's own text
 * message, while it may still be changed, Edit opens the inline editor and Unsend asks first.
 * Mantine's Menu is keyboard-operable (Enter or Space opens it, arrows move, Escape closes and
 * returns focus).
 */
import { ActionIcon, Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import { IconCornerUpLeft, IconDots, IconPencil, IconPin, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';

type Props = {
  onReply: () => void;
  /** Only for a team room's staff (decision 023). */
  onPin?: (() => void) | undefined;
  /** Only while the author may still change it. */
  change?: { onEdit: () => void; onUnsend: () => Promise<void> } | undefined;
};

export function MessageActions({ onReply, onPin, change }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const unsend = () => {
    if (!change) return;
    setBusy(true);
    // A refusal is shown as a toast by the request; the dialog stays open to try again or cancel.
    void change
      .onUnsend()
      .then(() => setConfirming(false))
      .catch(() => {})
      .finally(() => setBusy(false));
  };
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label="Message actions">
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconCornerUpLeft size={14} />} onClick={onReply}>
            Reply
          </Menu.Item>
          {onPin && (
            <Menu.Item leftSection={<IconPin size={14} />} onClick={onPin}>
              Pin
            </Menu.Item>
          )}
          {change && (
            <>
              <Menu.Item leftSection={<IconPencil size={14} />} onClick={change.onEdit}>
                Edit
              </Menu.Item>
              <Menu.Item leftSection={<IconTrash size={14} />} color="red" onClick={() => setConfirming(true)}>
                Unsend
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Unsend this message?" centered>
        <Stack>
          <Text size="sm">
            Everyone in the conversation will see “Message unsent” instead. The school’s safeguarding record keeps what
            was sent.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button color="red" loading={busy} onClick={unsend}>
              Unsend
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
