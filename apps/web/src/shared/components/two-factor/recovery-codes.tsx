import { Alert, Button, Checkbox, CopyButton, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Shown once: the codes are not readable again, so the user says they kept them before going on. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [isKept, setKept] = useState(false);
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = 'caudal-recovery-codes.txt';
    anchor.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
        {t('auth.twoFactor.recoveryIntro')}
      </Alert>
      <List
        aria-label={t('auth.twoFactor.recoveryTitle')}
        data-testid="recovery-codes"
        listStyleType="none"
        spacing={4}
        ff="monospace"
        fz="sm"
        style={{ columns: '2 12rem' }}
      >
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group gap="xs">
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" onClick={copy}>
              {copied ? t('auth.twoFactor.copied') : t('auth.twoFactor.copyCodes')}
            </Button>
          )}
        </CopyButton>
        <Button size="xs" variant="light" onClick={download}>
          {t('auth.twoFactor.downloadCodes')}
        </Button>
      </Group>
      <Checkbox
        label={t('auth.twoFactor.keptCodes')}
        checked={isKept}
        onChange={(event) => setKept(event.currentTarget.checked)}
      />
      <Text size="xs" c="dimmed">
        {t('auth.twoFactor.recoveryOnce')}
      </Text>
      <Button disabled={!isKept} onClick={onDone}>
        {t('auth.twoFactor.continue')}
      </Button>
    </Stack>
  );
}
