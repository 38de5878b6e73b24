/**
 * The local timers of `npm start` (contact deliveries to retry, followed domains to measure; on Netlify, scheduled
 * functions): `task` every `intervalMs`, never two runs at once (a tick that finds one running is skipped), its
 * failures handed to `onFailure`. The timer does not keep the process alive. Returns a stop function.
 */
export function startPeriodic(task: () => Promise<unknown>, intervalMs: number, onFailure: (error: unknown) => void): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    task()
      .catch(onFailure)
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
