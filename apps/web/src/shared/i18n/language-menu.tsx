import { lazy, type PointerEvent, Suspense, useState } from 'react';
import { useIntentMount } from '../hooks/use-intent-mount';
import { LanguageButton } from './language-button';

const loadDropdown = () => import('./language-menu-dropdown');
const LanguageMenuDropdown = lazy(() => loadDropdown().then((m) => ({ default: m.LanguageMenuDropdown })));

interface LanguageMenuProps {
  /** 'dark' sits on the secondary colour (brand panel); 'light' on white surfaces. */
  tone?: 'light' | 'dark';
}

/**
 * The language menu. Its button paints with the first screen; the menu itself (popover, focus trap,
 * positioning) loads when the user reaches for the button (pointer over, press or click); focus only
 * fetches its code.
 */
export function LanguageMenu({ tone = 'light' }: LanguageMenuProps) {
  const { mounted, hadFocus, mountNow, prefetch } = useIntentMount(loadDropdown);
  // Clicked before the menu loaded: open it once loaded.
  const [isClicked, setClicked] = useState(false);
  const click = (button: Element | null) => {
    setClicked(true);
    mountNow(button);
  };
  // A press that began before the menu mounted: its click may be lost when the button is swapped for
  // the menu's own between press and release, so a press that ends on the button opens the menu once
  // loaded. Not the press's start: a menu opened then would see the same press's mousedown land on the
  // removed button, outside the menu, and close again at once. A press that ends elsewhere, or turns
  // into a scroll (pointercancel), opens nothing.
  const pressBegan = (event: PointerEvent<HTMLButtonElement>) => {
    const button = event.currentTarget;
    mountNow(button);
    const area = button.getBoundingClientRect();
    const ended = (up: globalThis.PointerEvent) => {
      document.removeEventListener('pointercancel', cancelled);
      const isOnButton =
        up.clientX >= area.left &&
        up.clientX <= area.right &&
        up.clientY >= area.top &&
        up.clientY <= area.bottom;
      if (isOnButton) openAfterThisPressClick(area, () => click(null));
    };
    const cancelled = () => document.removeEventListener('pointerup', ended);
    document.addEventListener('pointerup', ended, { once: true });
    document.addEventListener('pointercancel', cancelled, { once: true });
  };
  const button = (
    <LanguageButton
      tone={tone}
      onClick={(event) => click(event.currentTarget)}
      onPointerDown={pressBegan}
      onPointerEnter={(event) => mountNow(event.currentTarget)}
      onFocus={prefetch}
    />
  );
  if (!mounted) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenuDropdown tone={tone} defaultOpened={isClicked} focusButton={hadFocus} />
    </Suspense>
  );
}

/** How long a press's click may come after its pointerup (a tap's comes after its touch events). */
const CLICK_AFTER_PRESS_MS = 400;

/**
 * Opens the menu after this press's click, if one comes: a click that reached the menu's new button has
 * already opened it, and opening it first would let that click close it again. A tap's click comes
 * after its touch events, later than a task queued at its pointerup (found flaky on a busy machine), so
 * this waits for the click itself: one on the button's place is the menu's own (or the placeholder's,
 * which opens it); any other, or none in time, means the press's click was lost with the swapped
 * button, and the menu opens here.
 */
function openAfterThisPressClick(area: DOMRect, open: () => void) {
  const clicked = (event: MouseEvent) => {
    clearTimeout(timer);
    const isOnButton =
      event.clientX >= area.left &&
      event.clientX <= area.right &&
      event.clientY >= area.top &&
      event.clientY <= area.bottom &&
      event.target instanceof Element &&
      event.target.closest('button') !== null;
    if (!isOnButton) open();
  };
  const timer = setTimeout(() => {
    document.removeEventListener('click', clicked, true);
    open();
  }, CLICK_AFTER_PRESS_MS);
  document.addEventListener('click', clicked, { capture: true, once: true });
}
