/** Reads a server-sent events response one event at a time, for tests and benchmarks. */

export interface StreamEvent {
  event: string;
  data: string;
}

export interface EventReader {
  /** The next event (comments skipped); rejects after `timeoutMs` or when the stream ends. */
  next(timeoutMs?: number): Promise<StreamEvent>;
  close(): Promise<void>;
}

export function readEvents(res: Response): EventReader {
  if (!res.body) throw new Error('the response has no body');
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const queued: StreamEvent[] = [];
  // A read outlives a timed-out wait, so no chunk is lost to it.
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;

  const take = (): StreamEvent | undefined => {
    for (;;) {
      if (queued.length) return queued.shift();
      const end = buffer.indexOf('\n\n');
      if (end < 0) return undefined;
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      }
      if (data.length || event !== 'message') queued.push({ event, data: data.join('\n') });
    }
  };

  return {
    async next(timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const ready = take();
        if (ready) return ready;
        let timer: ReturnType<typeof setTimeout> | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error('no event within the time allowed')),
            Math.max(0, deadline - Date.now()),
          );
        });
        try {
          pending ??= reader.read();
          const { done, value } = await Promise.race([pending, timeout]);
          pending = undefined;
          if (done) throw new Error('the stream ended');
          buffer += decoder.decode(value, { stream: true });
        } finally {
          clearTimeout(timer);
        }
      }
    },
    async close() {
      await reader.cancel().catch(() => undefined);
    },
  };
}

/** The version a poke names. */
export function pokeVersion(event: StreamEvent): number {
  if (event.event !== 'poke') throw new Error(`expected a poke, got ${event.event}`);
  return (JSON.parse(event.data) as { version: number }).version;
}
