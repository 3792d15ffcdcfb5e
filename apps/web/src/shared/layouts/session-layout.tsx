import { Box, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import logoInverseUrl from '../../assets/logo-inverse.svg';
import { CSS_HOOKS } from '../branding/css-hooks';
import { COPYRIGHT_YEAR } from '../config/copyright';
import { getRuntimeConfig } from '../config/runtime-config';
import { LanguageMenu } from '../i18n/language-menu';
import classes from './session-layout.module.css';

/** Where the stylesheet stacks the brand panel above the form (session-layout.module.css, 62em). */
const STACKED_QUERY = '(max-width: 62em)';

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

/**
 * The session look: the form on one side, the brand panel on the other; stacked on small screens, where
 * the language menu sits in the brand panel's first line (the stylesheet places it) instead of taking a
 * row of its own above the form, so the form starts higher on a phone.
 */
export function SessionFrame({ brand, children }: SessionFrameProps) {
  const { t } = useTranslation();
  const { platformName, providerName } = getRuntimeConfig();
  // Read at once (not in an effect): the button must not repaint in the other tone after the first frame.
  const isStacked = useMediaQuery(STACKED_QUERY, false, { getInitialValueInEffect: false });
  return (
    <div className={`${classes.root} ${CSS_HOOKS.page}`}>
      <div className={`${classes.formSide} ${CSS_HOOKS.content}`}>
        <div className={classes.formTop}>
          <LanguageMenu tone={isStacked ? 'dark' : 'light'} />
        </div>
        <Box component="main" className={classes.formBody} id="main">
          <div className={classes.formInner}>{children}</div>
        </Box>
      </div>
      <aside className={`${classes.brand} ${CSS_HOOKS.brand}`} aria-label={brand?.name ?? platformName}>
        {brand ? (
          <p className={`${classes.brandName} ${CSS_HOOKS.brandName}`}>{brand.name}</p>
        ) : (
          <img src={logoInverseUrl} alt={platformName} className={classes.brandLogo} />
        )}
        <div className={classes.brandCopy}>
          <p className={classes.brandTagline}>{brand?.tagline ?? t('shell.brand.tagline')}</p>
          <Text className={classes.brandDescription}>
            {brand?.description ?? t('shell.brand.description')}
          </Text>
        </div>
        <Text className={classes.brandFooter}>
          {t('shell.footer.copyright', { provider: providerName, year: COPYRIGHT_YEAR })}
        </Text>
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
