/**
 * The few browser navigation calls web-kit makes, kept on one object so tests can observe them
 * (jsdom's `window.location` cannot be replaced). Not part of the public API.
 */
export const browser = {
  /** Full-page navigation: used for server routes such as `/api/login`. */
  assign(url: string): void {
    window.location.assign(url);
  },
  /** The current path and query string, e.g. `/projects?tab=done`. */
  currentPath(): string {
    return window.location.pathname + window.location.search;
  },
};
