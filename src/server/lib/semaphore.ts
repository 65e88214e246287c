/** At most `slots` holders at once; the others wait in order. */
export function createSemaphore(slots: number) {
  let free = slots;
  const waiting: Array<() => void> = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else free++;
  };
  return {
    async acquire(): Promise<() => void> {
      if (free > 0) {
        free--;
      } else {
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        release();
      };
    },
    get waiting() {
      return waiting.length;
    },
  };
}
