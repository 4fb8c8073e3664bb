/**
 * The menu on a message, for both apps (decision 023): Reply on a message still there, Pin for a
 * team room's staff, and on one's own text while it may still be changed, Edit and Unsend (which
 * asks first). Mantine's Menu is keyboard-operable (Enter or Space opens it, arrows move, Escape
 * closes and returns focus). `touch` is the member app's phone sizing: a 44 px button and items;
 * the admin app gets its 44 px on touch screens from its touch.css instead. `opened`/`onChange`
 * let a long press on the bubble open the menu.
 */
import { ActionIcon, Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import { IconCornerUpLeft, IconDots, IconPencil, IconPin, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';

export type MessageMenuProps = {
  onReply?: (() => void) | undefined;
  /** Only for a team room's staff. */
  onPin?: (() => void) | undefined;
  /** Only while the author may still change it. */
  change?: { onEdit: () => void; onUnsend: () => Promise<void> } | undefined;
  opened?: boolean;
  onChange?: (opened: boolean) => void;
  touch?: boolean;
};

export function MessageMenu({ onReply, onPin, change, opened, onChange, touch = false }: MessageMenuProps) {
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
  const item = touch ? ({ mih: 44, fz: 'md' } as const) : {};
  const icon = touch ? 18 : 14;
  const button = touch ? { mih: 44 } : {};
  return (
    <>
      <Menu opened={opened} onChange={onChange} position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size={touch ? 44 : 'sm'}
            aria-label="Message actions"
            style={{ flexShrink: 0 }}
          >
            <IconDots size={touch ? 20 : 16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown miw={touch ? 180 : undefined}>
          {onReply && (
            <Menu.Item {...item} leftSection={<IconCornerUpLeft size={icon} />} onClick={onReply}>
              Reply
            </Menu.Item>
          )}
          {onPin && (
            <Menu.Item {...item} leftSection={<IconPin size={icon} />} onClick={onPin}>
              Pin
            </Menu.Item>
          )}
          {change && (
            <>
              <Menu.Item {...item} leftSection={<IconPencil size={icon} />} onClick={change.onEdit}>
                Edit
              </Menu.Item>
              <Menu.Item
                {...item}
                leftSection={<IconTrash size={icon} />}
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
            <Button variant="default" {...button} onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button color="red" {...button} loading={busy} onClick={unsend}>
              Unsend
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
