import { Button, Stack, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormHeader } from '../../../shared/components/form-header';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { PATHS } from '../../../shared/routing/paths';

/** `/auth/logout/success`: the post-logout landing. */
export function LogoutSuccessRoute() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <Stack gap="md">
      <ThemeIcon size={48} radius="xl" variant="light" color="teal">
        <IconCircleCheck size={26} aria-hidden />
      </ThemeIcon>
      <FormHeader title={t('auth.logout.successTitle')} subtitle={t('auth.logout.successText')} />
      <Button component={Link} to={to(PATHS.login)} size="md" fullWidth>
        {t('auth.logout.signInAgain')}
      </Button>
    </Stack>
  );
}
