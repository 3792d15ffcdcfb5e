import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppModal } from './app-modal';

interface ConfirmModalProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A destructive confirmation. Focus starts on Cancel (Enter must not destroy by accident) and stays
 * trapped in the dialog; it cannot be dismissed while the call is running.
 */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel,
  loading,
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  return (
    <AppModal
      opened={opened}
      onClose={loading ? () => undefined : onClose}
      title={title}
      centered
      size="md"
      closeOnClickOutside={!loading}
      closeOnEscape={!loading}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Stack gap="lg">
        <Stack gap="xs">{children}</Stack>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading} data-autofocus>
            {cancelLabel}
          </Button>
          <Button color="red" onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

/** A paragraph of a confirmation; `dimmed` for the consequence under the question. */
export function ConfirmText({ children, dimmed = false }: { children: ReactNode; dimmed?: boolean }) {
  return (
    <Text size="sm" c={dimmed ? 'dimmed' : undefined}>
      {children}
    </Text>
  );
}
