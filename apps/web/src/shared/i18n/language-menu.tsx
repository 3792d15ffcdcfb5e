import { lazy, type PointerEvent, Suspense, useState } from 'react';
import { useIntentMount } from '../hooks/use-intent-mount';
import { LanguageButton } from './language-button';

const LanguageMenuDropdown = lazy(() =>
  import('./language-menu-dropdown').then((m) => ({ default: m.LanguageMenuDropdown })),
);

interface LanguageMenuProps {
  /** 'dark' sits on the secondary colour (brand panel); 'light' on white surfaces. */
  tone?: 'light' | 'dark';
}

/**
 * The language menu. Its button paints with the first screen; the menu itself (popover, focus trap,
 * positioning) loads when the user reaches for the button (pointer over, focus or click).
 */
export function LanguageMenu({ tone = 'light' }: LanguageMenuProps) {
  const { mounted, mountNow } = useIntentMount();
  // Reached before the menu loaded: keep the focus on the button, and open the menu if it was clicked.
  const [reached, setReached] = useState<'focus' | 'click' | null>(null);
  const reach = (how: 'focus' | 'click') => {
    setReached((before) => (before === 'click' ? before : how));
    mountNow();
  };
  // A press that began before the menu mounted: its click may be lost when the button is swapped for
  // the menu's own between press and release, so a press that ends on the button opens the menu once
  // loaded. Not the press's start: a menu opened then would see the same press's mousedown land on the
  // removed button, outside the menu, and close again at once. A press that ends elsewhere, or turns
  // into a scroll (pointercancel), opens nothing.
  const pressBegan = (event: PointerEvent<HTMLButtonElement>) => {
    mountNow();
    const area = event.currentTarget.getBoundingClientRect();
    const ended = (up: globalThis.PointerEvent) => {
      document.removeEventListener('pointercancel', cancelled);
      const isOnButton =
        up.clientX >= area.left &&
        up.clientX <= area.right &&
        up.clientY >= area.top &&
        up.clientY <= area.bottom;
      // After this press's click, if one comes: a click that reached the menu's new button has
      // already opened it, and opening it here first would let that click close it again.
      if (isOnButton) setTimeout(() => reach('click'), 0);
    };
    const cancelled = () => document.removeEventListener('pointerup', ended);
    document.addEventListener('pointerup', ended, { once: true });
    document.addEventListener('pointercancel', cancelled, { once: true });
  };
  const button = (
    <LanguageButton
      tone={tone}
      onClick={() => reach('click')}
      onPointerDown={pressBegan}
      onPointerEnter={mountNow}
      onFocus={() => reach('focus')}
    />
  );
  if (!mounted) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenuDropdown tone={tone} defaultOpened={reached === 'click'} focusButton={reached !== null} />
    </Suspense>
  );
}
