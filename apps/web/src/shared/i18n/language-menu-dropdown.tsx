import { LOCALES, type LocaleCode } from '@caudal/contract/routes';
import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useFocusBack } from '../hooks/use-intent-mount';
import { switchLocale } from './i18n';
import { LanguageButton } from './language-button';
import { pathWithLocale } from './locale';
import { useLocale } from './use-locale';

interface LanguageMenuDropdownProps {
  tone?: 'light' | 'dark';
  /**
   * Open: the user pressed the button before the menu's code had loaded. It may turn true just after
   * the menu mounted (the press reached the placeholder button as the menu replaced it, and its click
   * was lost with that button), so it opens the menu whenever it turns true, not only at mount.
   */
  defaultOpened?: boolean;
  /** The button had the focus before the menu loaded: give it back. */
  focusButton?: boolean;
}

/** Switches language at runtime, remembers it in the cookie and moves to the same page in that locale. */
export function LanguageMenuDropdown({
  tone = 'light',
  defaultOpened = false,
  focusButton = false,
}: LanguageMenuDropdownProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(defaultOpened);
  const focusBack = useFocusBack<HTMLButtonElement>(focusButton && !defaultOpened);
  useEffect(() => {
    if (defaultOpened) setOpened(true);
  }, [defaultOpened]);

  const choose = async (next: LocaleCode) => {
    await switchLocale(next);
    if (next !== locale) {
      // The query and fragment as the address bar has them now, not as the router last saw them: a page
      // that took a one-time token out of the address (read-link-token.ts) must not get it back here.
      const { search, hash } = window.location;
      navigate(`${pathWithLocale(location.pathname, next)}${search}${hash}`, { preventScrollReset: true });
    }
  };

  return (
    <Menu
      position="bottom-end"
      shadow="md"
      width={180}
      opened={opened}
      onChange={setOpened}
      onClose={focusBack.onMenuClose}
    >
      <Menu.Target>
        <LanguageButton tone={tone} ref={focusBack.ref} />
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
