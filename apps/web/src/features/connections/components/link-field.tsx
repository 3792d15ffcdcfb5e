import { Button, CopyButton, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDateTime } from '../../../shared/format/use-date-time';

interface LinkFieldProps {
  label: string;
  copyLabel: string;
  copiedLabel: string;
  expiresKey: 'connections.create.expires' | 'connections.repair.expires';
  url: string;
  expiresAt: string;
}

/** A generated one-time URL: read-only (selectable), a copy button and when it stops working. */
export function LinkField({ label, copyLabel, copiedLabel, expiresKey, url, expiresAt }: LinkFieldProps) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  // On a phone the button keeps only its icon (its name stays for screen readers): the URL needs the room.
  const isNarrow = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  return (
    <Stack gap={6}>
      <TextInput
        label={label}
        value={url}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
        rightSectionWidth={isNarrow ? 48 : 150}
        rightSection={
          <CopyButton value={url} timeout={2000}>
            {({ copied, copy }) => {
              const icon = copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />;
              return (
                <Button
                  size="compact-sm"
                  variant={copied ? 'filled' : 'light'}
                  color={copied ? 'teal' : undefined}
                  onClick={copy}
                  leftSection={isNarrow ? undefined : icon}
                  aria-label={copyLabel}
                >
                  {isNarrow ? icon : copied ? copiedLabel : copyLabel}
                </Button>
              );
            }}
          </CopyButton>
        }
      />
      <Text size="xs" c="dimmed">
        {t(expiresKey, { date: dateTime(expiresAt) })}
      </Text>
    </Stack>
  );
}
