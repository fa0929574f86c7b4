/** At most `size` holders at once; the others wait in arrival order. */
export function createSemaphore(size: number) {
  let held = 0;
  const waiting: Array<() => void> = [];
  return {
    async acquire(): Promise<void> {
      if (held < size) {
        held += 1;
        return;
      }
      // The releasing holder hands its place straight to the next waiter (held stays the same).
      await new Promise<void>((resolve) => waiting.push(resolve));
    },
    release(): void {
      const next = waiting.shift();
      if (next) next();
      else held -= 1;
    },
  };
}
