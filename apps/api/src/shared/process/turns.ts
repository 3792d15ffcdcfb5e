/**
 * Work that runs at most `size` at a time; the rest waits its turn, first come first served. A finished
 * turn is handed straight to the next waiting one, so no newcomer overtakes it.
 */
export function createTurns(size: number): <T>(work: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (active < size) active += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}
