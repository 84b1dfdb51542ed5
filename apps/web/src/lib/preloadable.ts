import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/**
 * A module loaded on demand, once, that can also be asked for ahead of its first render (main.tsx
 * does so for the page being opened). Its components are lazy; once the module is in, React reads
 * them at once from a thenable that settles synchronously, so a render after the preload does not
 * suspend. A render that suspends shows its fallback, and React reveals the content that replaces a
 * fallback no sooner than 300 ms after the fallback appeared: on a page's first render, that is 300 ms
 * more before the page is on screen (docs/decisions.md "Signed-in pages load their parts side by side").
 */
export interface Preloadable<M> {
  /** Starts the download (once); settles with the module. */
  load(): Promise<M>;
  /** A lazy component of the module (`pick` chooses which). */
  // biome-ignore lint/suspicious/noExplicitAny: any component, as React.lazy takes.
  component<C extends ComponentType<any>>(pick: (module: M) => C): LazyExoticComponent<C>;
}

export function preloadable<M>(factory: () => Promise<M>): Preloadable<M> {
  let loaded: { module: M } | undefined;
  let pending: Promise<M> | undefined;
  // Like React.lazy, a failed download is not tried again: the page's error boundary reports it and
  // a reload starts afresh.
  const load = () => {
    pending ??= factory().then((module) => {
      loaded = { module };
      return module;
    });
    return pending;
  };
  return {
    load,
    // biome-ignore lint/suspicious/noExplicitAny: any component, as React.lazy takes.
    component<C extends ComponentType<any>>(pick: (module: M) => C) {
      return lazy((): Promise<{ default: C }> => {
        if (loaded === undefined) return load().then((module) => ({ default: pick(module) }));
        return settled({ default: pick(loaded.module) });
      });
    },
  };
}

/**
 * A value as a thenable that settles synchronously: React's lazy reads it at once instead of suspending
 * for a microtask, as it would for a promise.
 */
export function settled<T>(value: T): Promise<T> {
  const thenable = {
    // biome-ignore lint/suspicious/noThenProperty: a thenable React's lazy reads synchronously.
    then: (resolve: (result: T) => void) => resolve(value),
  };
  return thenable as unknown as Promise<T>;
}
