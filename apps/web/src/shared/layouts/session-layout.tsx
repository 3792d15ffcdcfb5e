import { Box, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import logoInverseUrl from '../../assets/logo-inverse.svg';
import { getRuntimeConfig } from '../config/runtime-config';
import { LanguageMenu } from '../i18n/language-menu';
import classes from './session-layout.module.css';

export interface SessionBrand {
  /** Names the brand panel; replaces the platform logo with this name as the brand. */
  name: string;
  tagline: string;
  description: string;
}

interface SessionFrameProps {
  /** Without a brand, the platform's own (logo, tagline); the hosted connect pages pass the company's. */
  brand?: SessionBrand;
  children: ReactNode;
}

/** The session look: the form on one side, the brand panel on the other; stacked on small screens. */
export function SessionFrame({ brand, children }: SessionFrameProps) {
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
          <div className={classes.formInner}>{children}</div>
        </Box>
      </div>
      <aside className={classes.brand} aria-label={brand?.name ?? platformName}>
        {brand ? (
          <p className={classes.brandName}>{brand.name}</p>
        ) : (
          <img src={logoInverseUrl} alt={platformName} className={classes.brandLogo} />
        )}
        <div className={classes.brandCopy}>
          <p className={classes.brandTagline}>{brand?.tagline ?? t('shell.brand.tagline')}</p>
          <Text className={classes.brandDescription}>
            {brand?.description ?? t('shell.brand.description')}
          </Text>
        </div>
        <Text className={classes.brandFooter}>{t('shell.footer.copyright', { provider: providerName })}</Text>
      </aside>
    </div>
  );
}

/** Session screens (login, password reset…): the frame around the matched route. */
export function SessionLayout() {
  return (
    <SessionFrame>
      <Outlet />
    </SessionFrame>
  );
}
