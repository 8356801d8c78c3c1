// The background jobs of this process (SDTM generation, validation): each keyed by its run id so a test
// or a graceful shutdown can wait for it; a job removes itself when it ends.
export class JobRegistry {
  private running = new Map<number, Promise<void>>();

  start(id: number, job: () => Promise<void>): void {
    this.running.set(id, job().finally(() => this.running.delete(id)));
  }
  has(id: number): boolean {
    return this.running.has(id);
  }
  /** Resolves when the job has ended (at once when it is not running here). */
  wait(id: number): Promise<void> {
    return this.running.get(id) ?? Promise.resolve();
  }
}
