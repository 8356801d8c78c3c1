// The runs (SDTM generation, validation) being worked on in this process, keyed by run id, so a test can
// wait for one; a run removes itself when its job ends.
export class JobRegistry {
  private running = new Map<number, Promise<void>>();

  /** Starts the job at once (synchronously) and keeps it until it ends. */
  track(id: number, job: () => Promise<void>): Promise<void> {
    const p = job().finally(() => {
      if (this.running.get(id) === p) this.running.delete(id);
    });
    this.running.set(id, p);
    return p;
  }
  /** Resolves when the job has ended (at once when it is not running here). */
  wait(id: number): Promise<void> {
    return (this.running.get(id) ?? Promise.resolve()).catch(() => undefined);
  }
}
