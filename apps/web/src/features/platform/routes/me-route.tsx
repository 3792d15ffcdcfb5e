import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/components/page-header';
import { useSession } from '../../../shared/session/session-context';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="xs" tt="uppercase" fw={600} c="dimmed" lts={0.4}>
        {label}
      </Text>
      <Text component="div" fw={500}>
        {children}
      </Text>
    </Stack>
  );
}

/** `/me`: the identity the portal is working with. */
export function MeRoute() {
  const { t } = useTranslation();
  const { identity } = useSession();
  const { user, company, modules } = identity;
  const empty = t('pages.me.empty');

  return (
    <>
      <PageHeader title={t('pages.me.title')} subtitle={t('pages.me.subtitle')} />
      <Paper withBorder radius="md" p="xl">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xl" verticalSpacing="lg">
          <Field label={t('pages.me.username')}>{user.username}</Field>
          <Field label={t('pages.me.name')}>{user.name ?? empty}</Field>
          <Field label={t('pages.me.email')}>{user.email ?? empty}</Field>
          <Field label={t('pages.me.company')}>{company.name}</Field>
          <Field label={t('pages.me.kind')}>{t(`pages.me.kinds.${user.kind}`)}</Field>
          <Field label={t('pages.me.modules')}>
            {modules.length === 0 ? (
              t('pages.me.noModules')
            ) : (
              <Group gap={6} mt={2}>
                {modules.map((module) => (
                  <Badge key={module} variant="light" radius="sm">
                    {t(`pages.modules.${module}`)}
                  </Badge>
                ))}
              </Group>
            )}
          </Field>
        </SimpleGrid>
      </Paper>
    </>
  );
}
