import { LOCALES, type LocaleCode } from '@caudal/contract';
import { Button, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { switchLocale } from './i18n';
import { pathWithLocale } from './locale';
import { useLocale } from './use-locale';

interface LanguageMenuProps {
  /** 'dark' sits on the secondary colour (brand panel); 'light' on white surfaces. */
  tone?: 'light' | 'dark';
}

/** Switches language at runtime, remembers it in the cookie and moves to the same page in that locale. */
export function LanguageMenu({ tone = 'light' }: LanguageMenuProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const active = LOCALES.find((entry) => entry.code === locale);

  const choose = async (next: LocaleCode) => {
    await switchLocale(next);
    if (next !== locale) {
      navigate(`${pathWithLocale(location.pathname, next)}${location.search}${location.hash}`);
    }
  };

  return (
    <Menu position="bottom-end" shadow="md" width={180}>
      <Menu.Target>
        <Button
          variant={tone === 'dark' ? 'white' : 'subtle'}
          color={tone === 'dark' ? 'dark' : 'gray'}
          size="compact-sm"
          aria-label={t('shell.language.label')}
          leftSection={<IconLanguage size={16} stroke={1.75} aria-hidden />}
          rightSection={<IconChevronDown size={14} stroke={1.75} aria-hidden />}
        >
          {active?.code.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('shell.language.label')}</Menu.Label>
        {LOCALES.map((entry) => (
          <Menu.Item
            key={entry.code}
            lang={entry.code}
            onClick={() => void choose(entry.code)}
            rightSection={entry.code === locale ? <IconCheck size={14} aria-hidden /> : null}
            aria-current={entry.code === locale ? 'true' : undefined}
          >
            {entry.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
