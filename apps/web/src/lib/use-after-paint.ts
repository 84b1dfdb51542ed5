import { useEffect, useState } from "react";

/**
 * Runs `callback` once the next frame has been painted: a timeout queued from an animation frame runs
 * after that frame. Returns what cancels it (an effect's cleanup).
 */
export function afterNextPaint(callback: () => void): () => void {
  let timeout: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timeout = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timeout);
  };
}

/**
 * False until `ready` has been true through a painted frame, then true: for code or data a view asks
 * for only once what is already on screen has been painted, so it does not compete with that paint
 * (docs/decisions.md "Signed-in pages load their parts side by side").
 */
export function useAfterPaint(ready = true): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    return afterNextPaint(() => setPainted(true));
  }, [ready, painted]);
  return painted;
}
