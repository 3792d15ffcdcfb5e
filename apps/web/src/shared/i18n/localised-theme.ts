import { type MantineThemeOverride, mergeThemeOverrides } from '@mantine/core';
import type { TFunction } from 'i18next';

/**
 * The component library names some icon-only controls in English or not at all (a dialog's close
 * button, the password visibility toggle). Their names come from the catalogue, as defaults of every
 * instance, so each screen does not have to remember them. Components are named by key, without
 * importing them, so the first load does not grow.
 */
export function localiseTheme(theme: MantineThemeOverride, t: TFunction): MantineThemeOverride {
  const close = { closeButtonProps: { 'aria-label': t('shell.controls.close') } };
  return mergeThemeOverrides(theme, {
    components: {
      Modal: { defaultProps: close },
      Drawer: { defaultProps: close },
      // Toasts have a close button too; each one names it the same way.
      Notification: { defaultProps: close },
      PasswordInput: {
        defaultProps: { visibilityToggleButtonProps: { 'aria-label': t('shell.controls.togglePassword') } },
      },
    },
  });
}
