import { Anchor, Group, Title } from '@mantine/core';
import { IconCalendarExclamation, IconCalendarX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FigureCards } from '../../../shared/components/figure-cards';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { hasPermission, useSession } from '../../../shared/session/session-context';
import { useConsentCountsQuery } from '../api/summary-api';
import classes from './summary.module.css';

/**
 * The holders' consents beside the spec's states (a credential counts there by its state and here by
 * its consent): ending within 14 days, and ended. Each figure opens the connections list it counts.
 */
export function ConsentCards() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const session = useSession();
  const query = useConsentCountsQuery();
  const counts = query.data;
  const canOpen = hasPermission(session.identity, 'wealth');
  if (query.isError && !counts) return null;
  return (
    <section aria-labelledby="summary-consents">
      <Group justify="space-between" align="baseline" mb="sm">
        <Title id="summary-consents" order={2} fz="lg">
          {t('summary.consents.title')}
        </Title>
        {canOpen ? (
          <Group gap="md">
            <Anchor component={Link} to={to('/wealth/connections?consent=expiring')} size="sm">
              {t('summary.consents.openExpiring')}
            </Anchor>
            <Anchor component={Link} to={to('/wealth/connections?consent=expired')} size="sm">
              {t('summary.consents.openExpired')}
            </Anchor>
          </Group>
        ) : null}
      </Group>
      <FigureCards
        label={t('summary.consents.label')}
        cards={[
          {
            key: 'expiring',
            icon: <IconCalendarExclamation size={20} aria-hidden />,
            color: 'orange',
            label: t('summary.consents.expiring', { count: counts?.expiring ?? 0 }),
            value: counts?.expiring,
          },
          {
            key: 'expired',
            icon: <IconCalendarX size={20} aria-hidden />,
            color: 'red',
            label: t('summary.consents.expired', { count: counts?.expired ?? 0 }),
            value: counts?.expired,
          },
        ]}
        cols={{ base: 2, sm: 3, lg: 6 }}
        mb="xl"
        classNames={{ value: classes.stateValue }}
      />
    </section>
  );
}
