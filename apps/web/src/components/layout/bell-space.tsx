/**
 * The notification bell's place until it is asked for (once the page's first paint is reported,
 * lib/after-reported-paint.ts) and while its code loads: its size, so nothing beside it moves.
 */
export const bellSpace = <span aria-hidden="true" className="block size-10" />;
