// The one place that wraps Mantine's Modal and Drawer (biome.json forbids importing them elsewhere).
import { Drawer, type DrawerProps, Modal, type ModalProps } from '@mantine/core';
import { useLayoutEffect } from 'react';
import { currentOpener, returnFocus, startFocusTracking } from './dialog-focus';

/** The dialogs open now: a dialog that closes while another is open leaves focus to that one. */
const openDialogs = new Set<symbol>();

/**
 * Every dialog's focus return: the opener is read when the dialog opens, focus goes back to it when
 * the dialog closes or leaves the page while open (a lazy dialog unmounted with its subject).
 */
export function useDialogFocusReturn(opened: boolean): void {
  useLayoutEffect(() => {
    if (!opened) return;
    const id = Symbol('dialog');
    startFocusTracking();
    const opener = currentOpener();
    openDialogs.add(id);
    return () => {
      openDialogs.delete(id);
      // After the close's own focus work (the dialog's trap letting go, Mantine's handlers).
      window.setTimeout(() => returnFocus(document, opener, openDialogs.size > 0), 0);
    };
  }, [opened]);
}

/**
 * Mantine draws a dialog's title bar as a `<header>`: inside the dialog (a `section` whose role is
 * dialog, which does not scope it) it is a second banner landmark beside the page's own (axe:
 * landmark-no-duplicate-banner). It holds only the title and the close button, so it gets no role.
 */
const TITLE_BAR = { header: { role: 'presentation' } };

/** Mantine's Modal with the portal's focus return (Mantine's own would return to a menu item gone). */
export function AppModal(props: ModalProps) {
  useDialogFocusReturn(props.opened);
  return <Modal attributes={TITLE_BAR} {...props} returnFocus={false} />;
}

/** Mantine's Drawer (a dialog too) with the same focus return. */
export function AppDrawer(props: DrawerProps) {
  useDialogFocusReturn(props.opened);
  return <Drawer attributes={TITLE_BAR} {...props} returnFocus={false} />;
}
