/**
 * How long an item has waited, short enough for a list cell: "under a minute", "12 min",
 * "3 h 5 min", "2 days 4 h". `now` and `since` in milliseconds.
 */
export function waitedFor(since: number, now: number): string {
  const minutes = Math.max(0, Math.floor((now - since) / 60_000));
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  const unit = days === 1 ? 'day' : 'days';
  return hours % 24 ? `${days} ${unit} ${hours % 24} h` : `${days} ${unit}`;
}

/** An age in seconds (the dashboard's oldest item) the same way. */
export const waitedSeconds = (seconds: number) => waitedFor(0, seconds * 1000);
