import { Badge, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-header';

/** A section delivered by a later issue: its title and an honest "coming soon", nothing faked. */
export function ComingSoonPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} />
      <Paper withBorder radius="md" p={48}>
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconClockHour4 size={28} stroke={1.5} aria-hidden />
          </ThemeIcon>
          <Badge variant="light" size="lg" radius="sm">
            {t('shell.comingSoon.badge')}
          </Badge>
          <Text c="dimmed">{t('shell.comingSoon.text')}</Text>
        </Stack>
      </Paper>
    </>
  );
}
