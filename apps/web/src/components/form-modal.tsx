import { Alert, Button, Group, Modal, type ModalProps, Stack } from '@mantine/core';
import { type FormEventHandler, type ReactNode, useEffect, useRef } from 'react';

/**
 * Focus starts in the first field, not on the ×: Mantine's focus trap takes the element marked
 * data-autofocus, and this ref runs (on mount) before the trap does.
 */
function markFirstField(form: HTMLFormElement | null) {
  form
    ?.querySelector('input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select')
    ?.setAttribute('data-autofocus', '');
}

/**
 * Mantine returns focus to the opener when `opened` turns false, but most screens unmount the
 * modal instead (`{creating && <…FormModal />}`), and focus fell to <body>. This puts it back.
 */
function useFocusBackOnUnmount(opened: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    // Runs before the focus trap's own timeout moves focus into the modal.
    if (opened && document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
  }, [opened]);
  useEffect(
    () => () => {
      const el = opener.current;
      setTimeout(() => {
        if (el?.isConnected && (document.activeElement === document.body || !document.activeElement)) el.focus();
      });
    },
    [],
  );
}

/** A modal around one form: the save error on top, the fields, then Cancel and the submit button. */
export function FormModal({
  opened = true,
  onClose,
  title,
  size,
  onSubmit,
  error,
  saving,
  submitLabel = 'Save',
  children,
}: {
  opened?: boolean;
  onClose: () => void;
  title: string;
  size?: ModalProps['size'] | undefined;
  onSubmit: FormEventHandler<HTMLFormElement>;
  error: string | null;
  saving: boolean;
  submitLabel?: string;
  children: ReactNode;
}) {
  useFocusBackOnUnmount(opened);
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size={size}>
      <form ref={markFirstField} onSubmit={onSubmit} noValidate>
        <Stack>
          {error && <Alert color="red">{error}</Alert>}
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
