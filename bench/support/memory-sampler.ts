/**
 * This process's peak memory while a measurement runs, sampled every 10 ms: the peak RSS (the whole
 * process, PGlite's engine included when it is in use) and how far the heap grew above its start.
 */
export function memorySampler() {
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 10);
  return () => {
    clearInterval(timer);
    return { peakRssMb: peakRss / 2 ** 20, heapGrowthMb: (peakHeap - base.heapUsed) / 2 ** 20 };
  };
}
