import { useEffect, useState, useSyncExternalStore } from 'react';
import { getToasts, subscribeToToasts } from '@lipcast/web-kit';
import { preloadable } from './idle';

// The toaster (Radix toast, its layers and swipe handling: about 11 KB as served) is not part of the
// first screen (issue 38, item 2): it loads with the first toast, at F8, or ahead of them once the
// first screen is in use (`preloadToaster`, called by the shell). Raising a toast (web-kit's
// `toast()`) works from the start: the store is web-kit's, and the toaster shows what is in it.
const toasterModule = preloadable(() => import(/* webpackChunkName: "toaster" */ './toaster'));

/** Fetches the toaster's code ahead of its first toast. */
export const preloadToaster = (): Promise<unknown> => toasterModule.preload().catch(() => undefined);

const HOTKEY = 'F8';

type ToasterModule = typeof import('./toaster');

function LoadedToaster({ module: { Toaster }, hotkeyPressed }: { module: ToasterModule; hotkeyPressed: boolean }) {
  useEffect(() => {
    // F8 pressed before the toaster was there: it gets the key now (a parent's effects run after its
    // children's, so the viewport's hotkey listener is in place).
    if (hotkeyPressed) document.dispatchEvent(new KeyboardEvent('keydown', { key: HOTKEY, code: HOTKEY, bubbles: true }));
  }, [hotkeyPressed]);
  return <Toaster />;
}

const hasToasts = () => getToasts().length > 0;

/**
 * Renders web-kit's toast store (one toast at a time, shared by shell and remotes) with `Toaster`,
 * whose code is fetched when first needed. Mount it once, in the shell.
 */
export function ToastOutlet() {
  const toastRaised = useSyncExternalStore(subscribeToToasts, hasToasts, () => false);
  const [hotkeyPressed, setHotkeyPressed] = useState(false);
  const [module, setModule] = useState(toasterModule.loaded);
  const wanted = toastRaised || hotkeyPressed;

  useEffect(() => {
    if (!wanted || module) return;
    let current = true;
    toasterModule.preload().then(
      (loaded) => current && setModule(() => loaded),
      (error: unknown) => console.warn('The notifications could not be loaded:', error),
    );
    return () => {
      current = false;
    };
  }, [wanted, module, toastRaised]);

  useEffect(() => {
    if (module || hotkeyPressed) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.code === HOTKEY) setHotkeyPressed(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [module, hotkeyPressed]);

  return module ? <LoadedToaster module={module} hotkeyPressed={hotkeyPressed} /> : null;
}
