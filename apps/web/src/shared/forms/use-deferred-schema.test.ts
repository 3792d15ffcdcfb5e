import { describe, expect, it, vi } from 'vitest';
import { createDeferredSchema } from './use-deferred-schema';

const schema = { safeParse: () => ({ success: true as const }) };

describe('deferred form schema', () => {
  it('loads once, however often the form is focused or sent', async () => {
    const load = vi.fn(() => Promise.resolve(schema));
    const get = createDeferredSchema(load);
    await Promise.all([get(), get()]);
    expect(await get()).toBe(schema);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('gives null when the schema cannot load (the form goes unchecked), and tries again next time', async () => {
    const load = vi
      .fn<() => Promise<typeof schema>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(schema);
    const get = createDeferredSchema(load);
    expect(await get()).toBeNull();
    expect(await get()).toBe(schema);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
