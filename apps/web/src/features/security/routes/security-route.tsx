import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/components/page-header';
import { SessionsCard } from '../components/sessions-card';
import { TwoFactorCard } from '../components/two-factor-card';

/** `/account/security`, from the account menu: the user's own second factor and sessions. */
export function SecurityRoute() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('auth.security.title')} subtitle={t('auth.security.subtitle')} />
      <Stack gap="lg" maw={760}>
        <TwoFactorCard />
        <SessionsCard />
      </Stack>
    </>
  );
}
