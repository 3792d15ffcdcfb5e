import { describe, expect, it, vi } from 'vitest';
import { createDelayedProgress, PROGRESS_DELAY_MS } from './delayed-progress';

function setup() {
  vi.useFakeTimers();
  const start = vi.fn();
  const complete = vi.fn();
  const progress = createDelayedProgress({
    start,
    complete,
    setTimer: (callback, ms) => setTimeout(callback, ms),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  });
  return { start, complete, progress };
}

describe('progress bar minimum display delay', () => {
  it('never shows for work shorter than 200 ms', () => {
    const { start, complete, progress } = setup();
    progress.setBusy(true);
    vi.advanceTimersByTime(PROGRESS_DELAY_MS - 1);
    progress.setBusy(false);
    vi.advanceTimersByTime(1000);
    expect(start).not.toHaveBeenCalled();
    expect(complete).not.toHaveBeenCalled();
    vi.useRealTimers();
  });

  it('shows after 200 ms and completes when the work ends', () => {
    const { start, complete, progress } = setup();
    progress.setBusy(true);
    progress.setBusy(true);
    vi.advanceTimersByTime(PROGRESS_DELAY_MS);
    expect(start).toHaveBeenCalledTimes(1);
    progress.setBusy(false);
    expect(complete).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});
