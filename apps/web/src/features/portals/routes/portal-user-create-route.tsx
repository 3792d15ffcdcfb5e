import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../shared/components/page-header';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { PortalUserForm } from '../components/portal-user-form';
import { PORTAL_USERS_PATH } from '../lib/portal-paths';

/** `/portals/users/create`: a page of its own (a link to it can be shared and reloaded). */
export function PortalUserCreateRoute() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <>
      <Group mb="xs">
        <Anchor component={Link} to={to(PORTAL_USERS_PATH)} size="sm">
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={16} aria-hidden />
            {t('portals.create.back')}
          </Group>
        </Anchor>
      </Group>
      <PageHeader title={t('portals.create.title')} subtitle={t('portals.create.subtitle')} />
      <PortalUserForm />
    </>
  );
}
