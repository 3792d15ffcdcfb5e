import type { CredentialStatus } from '@caudal/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { STATUS_BADGE_COLOR, statusBadge } from '../lib/credential-summary';

export function YesNoBadge({ value, alert = false }: { value: boolean; alert?: boolean }) {
  const { t } = useTranslation();
  // "Yes" is only alarming for the flags that mean trouble (blocked, needs action).
  const color = value ? (alert ? 'red' : 'yellow') : 'gray';
  return (
    <Badge variant="light" color={color} radius="sm" miw="max-content">
      {value ? t('connections.yes') : t('connections.no')}
    </Badge>
  );
}

export function StatusBadge({ status }: { status: CredentialStatus }) {
  const { t } = useTranslation();
  const badge = statusBadge(status);
  return (
    <Badge variant="light" color={STATUS_BADGE_COLOR[badge]} radius="sm" miw="max-content">
      {t(`connections.status.${badge}`)}
    </Badge>
  );
}
