/** A Cache API stand-in kept in memory, for tests of code that saves files for offline use. */
export class MemoryFileCache {
  readonly entries = new Map<string, Response>();
  /** When set, a put throws this (e.g. a QuotaExceededError once the device is full). */
  failPutWith: Error | undefined;

  async match(request: string): Promise<Response | undefined> {
    return this.entries.get(request)?.clone();
  }

  async put(request: string, response: Response): Promise<void> {
    if (this.failPutWith) throw this.failPutWith;
    this.entries.set(request, response);
  }

  async delete(request: string): Promise<boolean> {
    return this.entries.delete(request);
  }
}
