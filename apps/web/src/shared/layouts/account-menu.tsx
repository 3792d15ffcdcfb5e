import { lazy, Suspense, useState } from 'react';
import { useIntentMount } from '../hooks/use-intent-mount';
import { AccountButton } from './account-button';

const loadDropdown = () => import('./account-menu-dropdown');
const AccountMenuDropdown = lazy(() => loadDropdown().then((m) => ({ default: m.AccountMenuDropdown })));

/**
 * The account menu. Its button paints with the first screen; the menu itself (popover, focus trap,
 * positioning) loads when the user reaches for the button (pointer over or click); focus only fetches
 * its code.
 */
export function AccountMenu() {
  const { mounted, hadFocus, mountNow, prefetch } = useIntentMount(loadDropdown);
  const [isOpening, setOpening] = useState(false);
  const open = (button: Element) => {
    setOpening(true);
    mountNow(button);
  };
  const button = (
    <AccountButton
      onClick={(event) => open(event.currentTarget)}
      onPointerEnter={(event) => open(event.currentTarget)}
      onFocus={prefetch}
    />
  );
  if (!mounted) return button;
  return (
    <Suspense fallback={button}>
      <AccountMenuDropdown defaultOpened={isOpening} focusButton={hadFocus} />
    </Suspense>
  );
}
