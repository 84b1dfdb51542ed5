import { useEffect, useState } from "react";

/**
 * False until `ready` has been true through a painted frame, then true: for code or data a view asks
 * for only once what is already on screen has been painted, so it does not compete with that paint
 * (docs/decisions.md "Signed-in pages load their parts side by side"). A timeout queued from an
 * animation frame runs after that frame.
 */
export function useAfterPaint(ready = true): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timeout = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timeout);
    };
  }, [ready, painted]);
  return painted;
}
