import { Center, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface LoadingPageProps {
  label?: string;
  /** Full viewport height (before any layout exists) or just the content area. */
  fullScreen?: boolean;
}

export function LoadingPage({ label, fullScreen = false }: LoadingPageProps) {
  const { t } = useTranslation();
  return (
    <Center mih={fullScreen ? '100dvh' : 320} role="status" aria-busy="true" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="md" aria-hidden />
        <Text size="sm" c="dimmed">
          {label ?? t('shell.loading')}
        </Text>
      </Stack>
    </Center>
  );
}
