import { connections } from '@caudal/contract/routes';
import { Anchor, Badge, Group, Paper, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { callApi } from '../../../shared/api/call-api';
import { useFormatters } from '../../../shared/format/use-formatters';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { useSession } from '../../../shared/session/session-context';

const COLOR = { valid: 'gray', expiring: 'orange', expired: 'red' } as const;

/**
 * The client's credentials with their consent's end and days left (issue 29): staff see at a glance
 * whose authorisation is running out; each opens its institution's connections.
 */
export function ClientConsents({ clientId }: { clientId: string }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const format = useFormatters();
  const { entities } = useSession();
  const query = useQuery({
    // Under the `connections` root: every credential mutation marks it stale.
    queryKey: ['connections', 'client-consents', clientId],
    queryFn: ({ signal }) =>
      callApi(connections.getCredentialsInformation, { client_id: clientId }, { signal }),
  });
  const list = query.data;
  if (query.isError && !list) {
    return (
      <Text size="sm" c="red.9" mb="md">
        {t('wealth.client.consents.error')}
      </Text>
    );
  }
  if (!list || list.length === 0) return null;
  const name = (id: string) => entities.find((entity) => entity.id === id)?.name ?? id;
  return (
    <Paper withBorder radius="md" p="md" mb="lg" component="section" aria-labelledby="client-consents">
      <Title id="client-consents" order={2} fz="md" mb="xs">
        {t('wealth.client.consents.title')}
      </Title>
      <ul aria-label={t('wealth.client.consents.label')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {list.map((credential) => {
          const date = format.date(credential.consent_expires_at);
          return (
            <Group component="li" key={credential.credentials_token} gap="sm" py={4} wrap="wrap">
              <Anchor
                component={Link}
                to={to(`/wealth/connections/${encodeURIComponent(credential.bank)}`)}
                size="sm"
                fw={500}
              >
                {name(credential.bank)}
              </Anchor>
              <Badge variant="light" color={COLOR[credential.consent_state]} radius="sm" miw="max-content">
                {credential.consent_state === 'expired'
                  ? t('wealth.client.consents.expired', { date })
                  : t('wealth.client.consents.daysLeft', { count: credential.consent_days_left })}
              </Badge>
              {credential.consent_state === 'expired' ? null : (
                <Text size="xs" c="dimmed">
                  {t('wealth.client.consents.until', { date })}
                </Text>
              )}
            </Group>
          );
        })}
      </ul>
    </Paper>
  );
}
