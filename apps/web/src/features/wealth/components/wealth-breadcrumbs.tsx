import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { CLIENTS_PATH } from '../lib/wealth-paths';

export interface Crumb {
  label: string;
  /** Without a path it is the current page. */
  path?: string;
}

/** Clients › Client › Portfolio › Investment: always starts at the client list. */
export function WealthBreadcrumbs({ items }: { items: readonly Crumb[] }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const crumbs: Crumb[] = [{ label: t('wealth.breadcrumbs.clients'), path: CLIENTS_PATH }, ...items];
  return (
    <nav aria-label={t('wealth.breadcrumbs.label')}>
      <Breadcrumbs separator={<IconChevronRight size={14} aria-hidden />} separatorMargin={6} mb="sm">
        {crumbs.map((crumb, index) =>
          crumb.path && index < crumbs.length - 1 ? (
            <Anchor key={crumb.path} component={Link} to={to(crumb.path)} size="sm" c="dimmed">
              {crumb.label}
            </Anchor>
          ) : (
            <Text key="current" size="sm" c="dark.7" fw={500} aria-current="page" lineClamp={1} maw={320}>
              {crumb.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
