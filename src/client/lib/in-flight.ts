/** Count of calls in flight that show the progress bar. */
let count = 0;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

export const inFlight = {
  begin(): void {
    count += 1;
    changed();
  },
  end(): void {
    count = Math.max(0, count - 1);
    changed();
  },
  get(): number {
    return count;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
