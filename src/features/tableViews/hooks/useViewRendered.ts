import { useEffect } from 'react';

/**
 * Marks `view-rendered` once a view has painted after opening (the table screen marks
 * `view-switch-start` on the click), so the switch time is read from the same signals everywhere.
 */
export function useViewRendered(): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame after the commit is the one on screen; the timeout runs once it has painted.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => performance.mark('view-rendered'), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
}
