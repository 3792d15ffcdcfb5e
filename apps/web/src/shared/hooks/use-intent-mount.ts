import { useEffect, useRef, useState } from 'react';

/**
 * For parts of the first screen whose code is not needed to paint it (menus' dropdowns): false until the
 * user reaches for them (pointer over, press, click), then true. Mounting on idle instead downloaded
 * them before the first screen on a slow device, where the browser goes idle while waiting for data.
 *
 * Focus alone only fetches the code (`prefetch`): mounting swaps the placeholder button for the menu's
 * own, and a swap under the keyboard's focus dropped it to the page's body until the code arrived, then
 * took it back from wherever the user had gone meanwhile (a dialog opened by then lost its focus).
 */
export function useIntentMount(load: () => Promise<unknown>) {
  const [mounted, setMounted] = useState(false);
  const [hadFocus, setHadFocus] = useState(false);
  return {
    mounted,
    /** The placeholder had the focus when it was swapped: the menu's own button takes it back. */
    hadFocus,
    mountNow: (placeholder?: Element | null) => {
      if (!mounted) setHadFocus(placeholder != null && placeholder === document.activeElement);
      setMounted(true);
    },
    prefetch: () => {
      void load();
    },
  };
}

/**
 * The menu's own button, focused once mounted when its placeholder had the focus, unless the focus
 * went somewhere else meanwhile (it is then the user's, not the swap's). `onMenuClose` gives the focus
 * back to it when a menu opened from the placeholder closes: Mantine returns it to the control focused
 * when the menu opened, which was the placeholder, gone since.
 */
export function useFocusBack<E extends HTMLElement>(shouldFocus: boolean) {
  const ref = useRef<E>(null);
  useEffect(() => {
    if (shouldFocus && isFocusFree()) ref.current?.focus();
  }, [shouldFocus]);
  const onMenuClose = () => {
    // Focus still in the closing menu (its items unmount after the exit transition) or already dropped.
    const active = document.activeElement;
    if (isFocusFree() || active?.closest('[role="menu"]')) ref.current?.focus();
  };
  return { ref, onMenuClose };
}

function isFocusFree(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body;
}
