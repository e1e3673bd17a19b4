import { createElement, lazy, useState, type ComponentType } from 'react';

/**
 * Runs `task` once the browser is idle (`requestIdleCallback`, at the latest after `timeout` ms; a
 * timer where there is none): for fetching, after a screen has shown, the code the next one needs.
 * Returns a function that cancels it if it has not run yet.
 */
export function whenIdle(task: () => void, timeout = 2000): () => void {
  if (typeof window === 'undefined') return () => undefined;
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => task(), { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 200);
  return () => clearTimeout(timer);
}

/** What shows that someone is using the page: a pointer moved or pressed, a touch, a key, a wheel. */
const ENGAGING_EVENTS = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'wheel'] as const;

/**
 * Runs `task` when the browser is idle after the person's first input on the page (`whenIdle`): for
 * fetching what a next screen needs once someone starts using this one. Not on load: a visit that
 * only looks costs none of it, and the page's own load (its code and data, what it is judged by)
 * is not slowed. Returns a function that cancels it if it has not run yet.
 */
export function whenEngaged(task: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  let cancelIdle: (() => void) | undefined;
  const stopListening = () => ENGAGING_EVENTS.forEach((type) => window.removeEventListener(type, engaged, true));
  function engaged() {
    stopListening();
    cancelIdle = whenIdle(task);
  }
  ENGAGING_EVENTS.forEach((type) => window.addEventListener(type, engaged, { capture: true, passive: true }));
  return () => {
    stopListening();
    cancelIdle?.();
  };
}

/**
 * A lazily loaded module that can also be fetched ahead (`preload`, say when idle) and, once it is
 * there, renders at once: `React.lazy` alone suspends on its first render even when the code has
 * arrived, which shows the fallback for a frame and drops a key press meant for the component.
 */
export function preloadable<T>(load: () => Promise<T>): { preload: () => Promise<T>; loaded: () => T | undefined } {
  let promise: Promise<T> | undefined;
  let module: T | undefined;
  return {
    preload: () => {
      promise ??= load().then(
        (value) => (module = value),
        (error: unknown) => {
          // A failed fetch is tried again by the next preload or render.
          promise = undefined;
          throw error;
        },
      );
      return promise;
    },
    loaded: () => module,
  };
}

/**
 * A component whose code loads when first rendered (`React.lazy`, so under a Suspense boundary) or
 * ahead of that with `preload`; once its code is there, it renders at once.
 */
export function lazyWithPreload<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> & { preload: () => Promise<unknown> } {
  const code = preloadable(load);
  const Lazy = lazy(() => code.preload().then((component) => ({ default: component })));
  function Preloadable(props: P) {
    // Chosen once per mount, so the component is not remounted when its code arrives meanwhile.
    const [Loaded] = useState<ComponentType<P> | undefined>(() => code.loaded());
    return createElement(Loaded ?? (Lazy as unknown as ComponentType<P>), props);
  }
  return Object.assign(Preloadable, { preload: () => code.preload().catch(() => undefined) });
}
