import { Box, Container, Group } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import logoUrl from '../../assets/logo.svg';
import { getRuntimeConfig } from '../config/runtime-config';
import { LanguageMenu } from '../i18n/language-menu';
import { useLocalePath } from '../i18n/use-locale';
import { AppFooter } from './app-footer';
import classes from './main-layout.module.css';

/** The default layout (public pages such as /health and 404): logo and language only, no session. */
export function PlainLayout() {
  const to = useLocalePath();
  const { platformName } = getRuntimeConfig();
  return (
    <div className={classes.shell}>
      <header className={classes.header}>
        <Container size="xl">
          <Group className={classes.topRow} justify="space-between">
            <Link to={to('/')} className={classes.logoLink} aria-label={platformName}>
              <img src={logoUrl} alt="" className={classes.logo} />
            </Link>
            <LanguageMenu />
          </Group>
        </Container>
      </header>
      <Box component="main" className={classes.main} id="main">
        <Container size="xl">
          <Outlet />
        </Container>
      </Box>
      <AppFooter />
    </div>
  );
}
