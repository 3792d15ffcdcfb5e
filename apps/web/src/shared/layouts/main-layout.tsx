import { Box, Button, Container, Group } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import logoUrl from '../../assets/logo.svg';
import { errorMessageKey } from '../api/api-error';
import { useToken } from '../auth/use-token';
import { LoadingPage } from '../components/loading-page';
import { StaleDataNotice } from '../components/stale-data-notice';
import { StatusPage } from '../components/status-page';
import { getRuntimeConfig } from '../config/runtime-config';
import { translateDynamic } from '../i18n/i18n';
import { LanguageMenu } from '../i18n/language-menu';
import { stripLocale } from '../i18n/locale';
import { useLocalePath } from '../i18n/use-locale';
import { PATHS } from '../routing/paths';
import { type Session, SessionContext } from '../session/session-context';
import { SessionKeepAlive } from '../session/session-keep-alive';
import { useEntitiesQuery, useIdentityQuery } from '../session/session-queries';
import { AccountMenu } from './account-menu';
import { AppFooter } from './app-footer';
import classes from './main-layout.module.css';
import { MainNav } from './main-nav';

/**
 * The frame of every signed-in page. Without a token it sends the visitor to the localised login; with
 * one, it waits for BOTH the identity and the entity list before rendering anything (spec section 2),
 * so pages can read them synchronously through `useSession()`.
 */
export function MainLayout() {
  const token = useToken();
  const to = useLocalePath();
  const location = useLocation();
  const identity = useIdentityQuery(token !== null);
  const entities = useEntitiesQuery(token !== null);

  const session = useMemo<Session | null>(
    () => (identity.data && entities.data ? { identity: identity.data, entities: entities.data } : null),
    [identity.data, entities.data],
  );

  if (token === null) {
    // The whole address, its #fragment included: a deep link to a section lands on that section.
    const back = `${stripLocale(location.pathname)}${location.search}${location.hash}`;
    const redirect = back === '/' ? '' : `?redirect=${encodeURIComponent(back)}`;
    return <Navigate to={`${to(PATHS.login)}${redirect}`} replace />;
  }
  if (identity.error || entities.error) {
    return (
      <LoadError
        error={identity.error ?? entities.error}
        onRetry={() => {
          void identity.refetch();
          void entities.refetch();
        }}
      />
    );
  }
  if (!session) return <LoadingPage fullScreen />;

  return (
    <SessionContext value={session}>
      <div className={classes.shell}>
        <SkipLink />
        <SessionKeepAlive />
        <TopBar />
        <Box component="main" className={classes.main} id="main" tabIndex={-1}>
          <Container size="xl">
            <StaleDataNotice />
            <Outlet />
          </Container>
        </Box>
        <AppFooter />
      </div>
    </SessionContext>
  );
}

/** The first thing a keyboard reaches: straight to the page, past the top bar and navigation. */
function SkipLink() {
  const { t } = useTranslation();
  return (
    <a href="#main" className={classes.skipLink}>
      {t('shell.controls.skipToContent')}
    </a>
  );
}

function TopBar() {
  const to = useLocalePath();
  const { platformName } = getRuntimeConfig();
  return (
    <header className={classes.header}>
      <Container size="xl">
        <div className={classes.topRow}>
          <Link to={to(PATHS.home)} className={classes.logoLink} aria-label={platformName}>
            <img src={logoUrl} alt="" className={classes.logo} />
          </Link>
          <Group gap="xs" ml="auto" wrap="nowrap">
            <LanguageMenu />
            <AccountMenu />
          </Group>
        </div>
        <MainNav />
      </Container>
    </header>
  );
}

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <StatusPage
      kind="error"
      title={t('shell.status.errorTitle')}
      message={t('shell.status.loadError')}
      hint={translateDynamic(errorMessageKey(error))}
      actions={<Button onClick={onRetry}>{t('shell.status.retry')}</Button>}
    />
  );
}
