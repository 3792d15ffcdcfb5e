import { useState } from 'react';

/**
 * For parts of the first screen whose code is not needed to paint it (menus' dropdowns): false until the
 * user reaches for them (pointer over, focus, click), then true. Mounting on idle instead downloaded
 * them before the first screen on a slow device, where the browser goes idle while waiting for data.
 */
export function useIntentMount(): { mounted: boolean; mountNow: () => void } {
  const [mounted, setMounted] = useState(false);
  return { mounted, mountNow: () => setMounted(true) };
}
