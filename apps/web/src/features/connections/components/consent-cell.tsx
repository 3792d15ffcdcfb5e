import type { CredentialInformation } from '@caudal/contract/routes';
import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../shared/format/use-formatters';

type Consent = Pick<CredentialInformation, 'consent_expires_at' | 'consent_days_left' | 'consent_state'>;

const COLOR = { valid: 'gray', expiring: 'orange', expired: 'red' } as const;

/** The consent's days left (a badge coloured by its state), and its end date under it. */
export function ConsentBadge({ consent }: { consent: Consent }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLOR[consent.consent_state]} radius="sm" miw="max-content">
      {consent.consent_state === 'expired'
        ? t('connections.consent.expired')
        : t('connections.consent.daysLeft', { count: consent.consent_days_left })}
    </Badge>
  );
}

export function ConsentCell({ consent }: { consent: Consent }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const date = format.date(consent.consent_expires_at);
  return (
    <Stack gap={2} align="flex-start">
      <ConsentBadge consent={consent} />
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {consent.consent_state === 'expired'
          ? t('connections.consent.expiredOn', { date })
          : t('connections.consent.until', { date })}
      </Text>
    </Stack>
  );
}
