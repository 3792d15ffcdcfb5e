import { lazy, Suspense, useState } from 'react';
import { useIntentMount } from '../hooks/use-intent-mount';
import { AccountButton } from './account-button';

const AccountMenuDropdown = lazy(() =>
  import('./account-menu-dropdown').then((m) => ({ default: m.AccountMenuDropdown })),
);

/**
 * The account menu. Its button paints with the first screen; the menu itself (popover, focus trap,
 * positioning) loads when the user reaches for the button (pointer over, focus or click).
 */
export function AccountMenu() {
  const { mounted, mountNow } = useIntentMount();
  const [reached, setReached] = useState<'focus' | 'open' | null>(null);
  const reach = (how: 'focus' | 'open') => {
    setReached((before) => (before === 'open' ? before : how));
    mountNow();
  };
  const button = (
    <AccountButton
      onClick={() => reach('open')}
      onPointerEnter={() => reach('open')}
      onFocus={() => reach('focus')}
    />
  );
  if (!mounted) return button;
  return (
    <Suspense fallback={button}>
      <AccountMenuDropdown defaultOpened={reached === 'open'} focusButton={reached !== null} />
    </Suspense>
  );
}
