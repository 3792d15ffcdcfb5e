import { Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCompass, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface StatusPageProps {
  kind: 'not-found' | 'forbidden' | 'error';
  title: string;
  message: string;
  hint?: string;
  actions?: ReactNode;
}

/** The shared frame of the 404, forbidden and error pages. */
export function StatusPage({ kind, title, message, hint, actions }: StatusPageProps) {
  const Icon = kind === 'not-found' ? IconCompass : kind === 'forbidden' ? IconLock : IconAlertTriangle;
  return (
    <Center mih={420} p="xl">
      <Stack align="center" gap="md" maw={520} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color={kind === 'error' ? 'red' : 'brand'}>
          <Icon size={32} stroke={1.5} aria-hidden />
        </ThemeIcon>
        <Title order={1} fz={28} fw={700}>
          {title}
        </Title>
        <Text size="lg" c="dark.6">
          {message}
        </Text>
        {hint ? (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        ) : null}
        {actions ? <Group mt="sm">{actions}</Group> : null}
      </Stack>
    </Center>
  );
}
