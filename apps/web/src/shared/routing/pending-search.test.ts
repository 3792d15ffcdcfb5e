import { describe, expect, it } from 'vitest';
import { type PendingSearch, requestSearch, searchToBuildOn } from './pending-search';

/** A page's changes as its handlers make them: each from the search its render shows. */
function changeFrom(rendered: string, pending: PendingSearch | null, add: Record<string, string>) {
  const params = new URLSearchParams(searchToBuildOn(rendered, pending));
  for (const [key, value] of Object.entries(add)) params.set(key, value);
  const to = params.toString();
  return { to, pending: requestSearch(rendered, pending, to) };
}

describe('changes of the address made before the last one landed', () => {
  it('keep the action picked a moment before the client (the audit e2e under load)', () => {
    const first = changeFrom('', null, { action: 'client-edit' });
    // The page still shows the old address (the navigation is revalidating the session loader).
    const second = changeFrom('', first.pending, { client: 'c1' });
    expect(second.to).toBe('action=client-edit&client=c1');
  });

  it('keep building on the last request while a render shows an intermediate address', () => {
    const first = changeFrom('', null, { action: 'client-edit' });
    const second = changeFrom('', first.pending, { client: 'c1' });
    // The first navigation lands and renders before the second does.
    const third = changeFrom('action=client-edit', second.pending, { from: '2026-11-01' });
    expect(third.to).toBe('action=client-edit&client=c1&from=2026-11-01');
  });

  it('follow the address once it shows the request, or another navigation (a link, back)', () => {
    const first = changeFrom('', null, { action: 'client-edit' });
    expect(changeFrom('action=client-edit', first.pending, { client: 'c1' }).to).toBe(
      'action=client-edit&client=c1',
    );
    // A history link opened the page for another client: that address is what the next change keeps.
    expect(changeFrom('client=c2', first.pending, { to: '2026-11-30' }).to).toBe('client=c2&to=2026-11-30');
  });

  it('with nothing pending, build on the address shown', () => {
    expect(searchToBuildOn('actor=demo', null)).toBe('actor=demo');
  });
});
