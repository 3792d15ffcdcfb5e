/**
 * Focus goes back to the control that opened a dialog when the dialog closes (WCAG 2.4.3), however it
 * closes: Esc, Cancel, the close button, or done. Mantine's own return focuses whatever had focus at the
 * moment the dialog opened; from a row's menu that is the menu item, gone by then, so focus fell to the
 * page's body. Here the opener is the last control focused or pressed OUTSIDE menus and dialogs: the
 * menu's button for a menu item, the page's control for a dialog opened from another dialog's answer.
 */

/** Menus, their portals and dialogs: what a user passes through on the way to a dialog, never its opener. */
const TRANSIENT = '[role="dialog"], [role="menu"], [role="listbox"], [data-menu-dropdown]';
const FOCUSABLE = 'button, a[href], input, select, textarea, [tabindex]';

export interface FocusTracker {
  /** The control a dialog opening now would return to. */
  opener(): HTMLElement | null;
  dispose(): void;
}

function isOpenerCandidate(element: Element | null, doc: Document): element is HTMLElement {
  return (
    element instanceof HTMLElement &&
    element !== doc.body &&
    element !== doc.documentElement &&
    element.closest(TRANSIENT) === null
  );
}

/**
 * The button a menu hangs from (it names the menu's list in `aria-controls`): the opener of whatever
 * the menu's items open. Read when an item is reached, as the button may have been re-rendered since
 * the last focus (the account menu swaps its first-paint button for the menu's own).
 */
function findMenuButton(element: Element, doc: Document): HTMLElement | null {
  const menu = element.closest('[role="menu"]');
  if (!menu?.id) return null;
  const button = doc.querySelector(`[aria-controls="${CSS.escape(menu.id)}"]`);
  return isOpenerCandidate(button, doc) ? button : null;
}

/** Follows focus and presses on `doc` (a press counts too: Safari does not focus a clicked button). */
export function trackFocusOrigins(doc: Document): FocusTracker {
  let last: HTMLElement | null = null;
  const follow = (element: Element | null) => {
    if (!element) return;
    if (isOpenerCandidate(element, doc)) last = element;
    else last = findMenuButton(element, doc) ?? last;
  };
  const onFocus = (event: Event) => follow(event.target as Element | null);
  const onPress = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    follow(target?.closest(FOCUSABLE) ?? target?.closest('[role="menuitem"]') ?? null);
  };
  doc.addEventListener('focusin', onFocus, true);
  doc.addEventListener('pointerdown', onPress, true);
  return {
    opener: () => {
      if (last?.isConnected) return last;
      const active = doc.activeElement;
      return isOpenerCandidate(active, doc) ? active : null;
    },
    dispose: () => {
      doc.removeEventListener('focusin', onFocus, true);
      doc.removeEventListener('pointerdown', onPress, true);
    },
  };
}

/**
 * Where focus goes when a dialog closes: back to its opener if it is still on the page, else (its row
 * was deleted) to the page's main region, never to nothing. Focus the closing action moved on purpose
 * (outside any dialog) stays where it is, and while another dialog is open focus is that dialog's.
 */
export function returnFocus(doc: Document, opener: HTMLElement | null, isAnotherDialogOpen: boolean): void {
  if (isAnotherDialogOpen) return;
  const active = doc.activeElement;
  const isFocusLost =
    active === null ||
    active === doc.body ||
    !active.isConnected ||
    active.closest('[role="dialog"]') !== null;
  if (!isFocusLost) return;
  const target =
    opener?.isConnected && !opener.closest('[inert]') ? opener : doc.querySelector<HTMLElement>('#main');
  target?.focus({ preventScroll: true });
}

let pageTracker: FocusTracker | null = null;

/** Called once at startup (main.tsx): a dialog's code loads lazily, after its opener was pressed. */
export function startFocusTracking(): void {
  if (!pageTracker && typeof document !== 'undefined') pageTracker = trackFocusOrigins(document);
}

/** The control a dialog opening now returns focus to. */
export function currentOpener(): HTMLElement | null {
  return pageTracker?.opener() ?? null;
}
