import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LoadingPage } from '../../../shared/components/loading-page';
import { PageHeader } from '../../../shared/components/page-header';
import { useHealthQuery } from '../api/health-query';

function StatusTile({ label, value, ok }: { label: string; value: string; ok: boolean | null }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap={8}>
        <Text size="xs" tt="uppercase" fw={600} c="dimmed" lts={0.4}>
          {label}
        </Text>
        {ok === null ? (
          <Text fw={600}>{value}</Text>
        ) : (
          <Badge size="lg" radius="sm" variant="light" color={ok ? 'teal' : 'red'} w="fit-content">
            {value}
          </Badge>
        )}
      </Stack>
    </Paper>
  );
}

/** `/health`: the API's own health answer, shown plainly. */
export function HealthRoute() {
  const { t } = useTranslation();
  const health = useHealthQuery();

  const refresh = (
    <Button
      variant="default"
      leftSection={<IconRefresh size={16} aria-hidden />}
      onClick={() => void health.refetch()}
      loading={health.isFetching}
    >
      {t('pages.health.refresh')}
    </Button>
  );

  return (
    <>
      <PageHeader title={t('pages.health.title')} subtitle={t('pages.health.subtitle')} actions={refresh} />
      {health.isPending ? (
        <LoadingPage />
      ) : health.data ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <StatusTile
            label={t('pages.health.api')}
            value={health.data.status === 'ok' ? t('pages.health.ok') : t('pages.health.error')}
            ok={health.data.status === 'ok'}
          />
          <StatusTile
            label={t('pages.health.database')}
            value={health.data.database === 'up' ? t('pages.health.up') : t('pages.health.down')}
            ok={health.data.database === 'up'}
          />
          <StatusTile label={t('pages.health.version')} value={health.data.version} ok={null} />
        </SimpleGrid>
      ) : (
        <Group>
          <StatusTile label={t('pages.health.api')} value={t('pages.health.unreachable')} ok={false} />
        </Group>
      )}
    </>
  );
}
