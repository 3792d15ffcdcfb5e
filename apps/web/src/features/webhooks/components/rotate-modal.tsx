import { Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../shared/components/confirm-modal';

const OVERLAPS = [0, 1, 24, 72, 168];

/** Asks how long the current secret keeps working once a new one exists (default 24 h). */
export function RotateModal({
  opened,
  title,
  text,
  loading,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  text: string;
  loading: boolean;
  onConfirm: (overlapHours: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [hours, setHours] = useState('24');
  return (
    <ConfirmModal
      opened={opened}
      title={title}
      confirmLabel={t('webhooks.rotate.confirm')}
      cancelLabel={t('webhooks.rotate.cancel')}
      loading={loading}
      onConfirm={() => onConfirm(Number(hours))}
      onClose={onClose}
    >
      <Stack gap="sm">
        <Text size="sm">{text}</Text>
        <Select
          label={t('webhooks.rotate.overlap')}
          value={hours}
          onChange={(value) => setHours(value ?? '24')}
          allowDeselect={false}
          data={OVERLAPS.map((n) => ({
            value: String(n),
            label: n === 0 ? t('webhooks.rotate.none') : t('webhooks.rotate.hours', { n }),
          }))}
        />
      </Stack>
    </ConfirmModal>
  );
}
