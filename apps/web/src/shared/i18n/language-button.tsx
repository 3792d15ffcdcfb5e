import { LOCALES } from '@caudal/contract/routes';
import { Button } from '@mantine/core';
import { IconChevronDown, IconLanguage } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from './use-locale';

export interface LanguageButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'color' | 'children'> {
  /** 'dark' sits on the secondary colour (brand panel); 'light' on white surfaces. */
  tone?: 'light' | 'dark';
}

/** The language menu's button: shown alone until the menu's code loads, then as the menu's target. */
export function LanguageButton({ tone = 'light', ...rest }: LanguageButtonProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const active = LOCALES.find((entry) => entry.code === locale);
  return (
    <Button
      variant={tone === 'dark' ? 'white' : 'subtle'}
      color={tone === 'dark' ? 'dark' : 'gray'}
      size="compact-sm"
      aria-label={t('shell.language.label')}
      aria-haspopup="menu"
      leftSection={<IconLanguage size={16} stroke={1.75} aria-hidden />}
      rightSection={<IconChevronDown size={14} stroke={1.75} aria-hidden />}
      {...rest}
    >
      {active?.code.toUpperCase()}
    </Button>
  );
}
