/**
 * The sleep of a worker's poll loop, which a poke ends early: work queued by this process (an
 * import job, a webhook delivery) is started at once instead of at the next poll. A poke while the
 * loop is busy makes its next sleep return at once.
 */
export class PollSleep {
  private wake?: () => void;
  private woken = false;

  poke(): void {
    this.woken = true;
    this.wake?.();
  }

  sleep(ms: number): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = undefined;
        this.woken = false;
        done();
      };
    });
  }
}
