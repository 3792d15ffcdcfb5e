import { Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import logoInverseUrl from '../../assets/logo-inverse.svg';
import { getRuntimeConfig } from '../config/runtime-config';
import { LanguageMenu } from '../i18n/language-menu';
import classes from './session-layout.module.css';

/** Session screens: the form on one side, the brand panel on the other; stacked on small screens. */
export function SessionLayout() {
  const { t } = useTranslation();
  const { platformName, providerName } = getRuntimeConfig();
  return (
    <div className={classes.root}>
      <div className={classes.formSide}>
        <div className={classes.formTop}>
          <span />
          <LanguageMenu />
        </div>
        <Box component="main" className={classes.formBody} id="main">
          <div className={classes.formInner}>
            <Outlet />
          </div>
        </Box>
      </div>
      <aside className={classes.brand} aria-label={platformName}>
        <img src={logoInverseUrl} alt={platformName} className={classes.brandLogo} />
        <div className={classes.brandCopy}>
          <p className={classes.brandTagline}>{t('shell.brand.tagline')}</p>
          <Text className={classes.brandDescription}>{t('shell.brand.description')}</Text>
        </div>
        <Text className={classes.brandFooter}>{t('shell.footer.copyright', { provider: providerName })}</Text>
      </aside>
    </div>
  );
}
