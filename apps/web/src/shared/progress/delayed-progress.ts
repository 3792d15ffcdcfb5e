/**
 * The progress bar appears only when work lasts longer than 200 ms (spec: minimum display delay), so
 * fast navigations and cached queries never flash it.
 */
export const PROGRESS_DELAY_MS = 200;
/** Step interval of the bar: nprogress's easing reaches ~80 % after 5 s at this pace, then crawls. */
export const PROGRESS_STEP_INTERVAL_MS = 200;

interface ProgressDeps {
  start: () => void;
  complete: () => void;
  setTimer: (callback: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
  delay?: number;
}

export function createDelayedProgress({
  start,
  complete,
  setTimer,
  clearTimer,
  delay = PROGRESS_DELAY_MS,
}: ProgressDeps) {
  let timer: unknown = null;
  let shown = false;
  return {
    setBusy(busy: boolean): void {
      if (busy) {
        if (timer !== null || shown) return;
        timer = setTimer(() => {
          timer = null;
          shown = true;
          start();
        }, delay);
        return;
      }
      if (timer !== null) {
        clearTimer(timer);
        timer = null;
      }
      if (shown) {
        shown = false;
        complete();
      }
    },
  };
}
