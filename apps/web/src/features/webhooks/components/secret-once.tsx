import { ActionIcon, Alert, Button, CopyButton, Group, Stack, TextInput, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A secret shown this once: the warning, the value to copy, and the confirmation that closes it. */
export function SecretOnce({
  warning,
  label,
  copyLabel,
  value,
  onDone,
}: {
  warning: string;
  label: string;
  copyLabel: string;
  value: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} aria-hidden />} role="alert">
        {warning}
      </Alert>
      <TextInput
        label={label}
        value={value}
        readOnly
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        rightSection={
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('applications.secret.copied') : copyLabel} withArrow>
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'teal' : 'gray'}
                  onClick={copy}
                  aria-label={copyLabel}
                >
                  {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        }
      />
      <Group justify="flex-end">
        <Button onClick={onDone} data-autofocus>
          {t('webhooks.secret.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
