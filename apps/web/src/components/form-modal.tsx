import { Alert, Button, Group, Modal, type ModalProps, Stack } from '@mantine/core';
import { type FormEventHandler, type ReactNode, useRef } from 'react';

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
  const form = useRef<HTMLFormElement>(null);
  // Focus starts in the first field, not on the ×, once the modal has finished opening.
  const focusFirstField = () =>
    form.current
      ?.querySelector<HTMLElement>('input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select')
      ?.focus();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      size={size}
      transitionProps={{ onEntered: focusFirstField }}
    >
      <form ref={form} onSubmit={onSubmit} noValidate>
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
