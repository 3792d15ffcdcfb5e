import { Tabs } from '@mantine/core';
import { IconBuildingBank, IconChartDonut, IconChartPie, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useLocalePath } from '../../../shared/i18n/use-locale';
import { ClientConsents } from '../components/client-consents';
import { ClientHeader } from '../components/client-header';
import classes from '../components/wealth.module.css';
import { WealthBreadcrumbs } from '../components/wealth-breadcrumbs';
import { clientPath } from '../lib/wealth-paths';
import { useClientContext } from './client-context';

const TABS = ['overview', 'accounts', 'portfolios', 'liabilities'] as const;
type Tab = (typeof TABS)[number];
const ICONS = {
  overview: IconChartDonut,
  accounts: IconBuildingBank,
  portfolios: IconChartPie,
  liabilities: IconReceipt,
} as const;

/** The client's header and its product tabs; each tab is a nested route, so it survives a reload. */
export function ClientTabsRoute() {
  const { t } = useTranslation();
  const { client } = useClientContext();
  const to = useLocalePath();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current: Tab = TABS.find((tab) => pathname.endsWith(`/${tab}`)) ?? 'overview';

  return (
    <>
      <WealthBreadcrumbs items={[{ label: client.name }]} />
      <ClientHeader client={client} />
      <ClientConsents clientId={client.id} />
      <Tabs
        value={current}
        // A tab keeps the page where it is: the client's header stays, only the panel changes.
        onChange={(tab) =>
          tab && navigate(to(clientPath(client.id, tab as Tab)), { preventScrollReset: true })
        }
        keepMounted={false}
        variant="outline"
      >
        <Tabs.List aria-label={t('wealth.client.tabsLabel')} mb={-1} className={classes.tabsList}>
          {TABS.map((tab) => {
            const Icon = ICONS[tab];
            return (
              <Tabs.Tab
                key={tab}
                value={tab}
                leftSection={<Icon size={16} stroke={1.7} aria-hidden />}
                px={{ base: 'sm', sm: 'lg' }}
              >
                {tab === 'overview' ? t('wealthOverview.tab') : t(`wealth.client.tabs.${tab}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        <Tabs.Panel value={current}>
          <Outlet context={{ client }} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
