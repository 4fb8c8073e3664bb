/**
 * A message's actions on a phone (decision 023): a 44 px "More" button by the bubble, or a long
 * press on the bubble, opens a Mantine Menu with only what is allowed: Reply on a message still
 * there, Edit and Unsend on one's own text while the window is open. Unsend asks first. The Menu
 * is keyboard-operable (Enter or Space opens it, arrows move, Escape closes and returns focus).
 */
import { ActionIcon, Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import { IconCornerUpLeft, IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';

export type MessageMenuActions = {
  onReply?: (() => void) | undefined;
  /** Only while the author may still change it. */
  change?: { onEdit: () => void; onUnsend: () => Promise<void> } | undefined;
};

export function MessageMenu({
  opened,
  onChange,
  onReply,
  change,
}: MessageMenuActions & { opened: boolean; onChange: (opened: boolean) => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const unsend = () => {
    if (!change) return;
    setBusy(true);
    // A refusal is a toast from the request; the dialog stays open to try again or cancel.
    void change
      .onUnsend()
      .then(() => setConfirming(false))
      .catch(() => {})
      .finally(() => setBusy(false));
  };
  const item = { mih: 44, fz: 'md' } as const;
  return (
    <>
      <Menu opened={opened} onChange={onChange} position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" size={44} aria-label="More" style={{ flexShrink: 0 }}>
            <IconDots size={20} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown miw={180}>
          {onReply && (
            <Menu.Item {...item} leftSection={<IconCornerUpLeft size={18} />} onClick={onReply}>
              Reply
            </Menu.Item>
          )}
          {change && (
            <>
              <Menu.Item {...item} leftSection={<IconPencil size={18} />} onClick={change.onEdit}>
                Edit
              </Menu.Item>
              <Menu.Item
                {...item}
                leftSection={<IconTrash size={18} />}
                color="red"
                onClick={() => setConfirming(true)}
              >
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
            <Button variant="default" mih={44} onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button color="red" mih={44} loading={busy} onClick={unsend}>
              Unsend
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
