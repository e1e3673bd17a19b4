// Runs on a prerendered page (gateway/src/web/prerendered-pages.ts): the page is static HTML and no
// app code is loaded until the visitor interacts. The first pointer, key, focus or scroll starts the app
// in the hidden `#root`; once it shows the same page, it takes the static copy's place. A button
// pressed before then is pressed again in the app, and what was typed into fields, focus and
// scroll carry over. Links need no app: they navigate as links do.

/** What counts as the "same" control in both copies: the n-th of these, in document order. */
const CONTROLS = 'a[href], button, input, select, textarea, summary, [tabindex]';
/** If the app never shows the page (an error, a slow network), it takes over anyway after this. */
const TAKE_OVER_AFTER_MS = 10_000;
const BOOT_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'focusin', 'scroll'] as const;

const controlIndex = (container: Element, element: Element | null) => (element ? Array.from(container.querySelectorAll(CONTROLS)).indexOf(element) : -1);

/** Presses a control as a pointer would: menu triggers (Radix) open on pointerdown, other buttons on click. */
function press(control: HTMLElement): void {
  const pointer = { bubbles: true, cancelable: true, button: 0, pointerType: 'mouse', isPrimary: true };
  control.dispatchEvent(new PointerEvent('pointerdown', pointer));
  control.dispatchEvent(new PointerEvent('pointerup', pointer));
  control.click();
}

/** What a page's data shows as: videos, images and articles (a blog's post cards carry no image). */
const ITEMS = 'video, img, article';

/**
 * The app shows the page when its heading and at least as many items as the static copy are there
 * (a page whose data is still loading has the heading but not the items yet).
 */
export function showsSamePage(staticPage: Element, app: Element): boolean {
  const heading = staticPage.querySelector('h1')?.textContent;
  const items = staticPage.querySelectorAll(ITEMS).length;
  return app.querySelector('h1')?.textContent === heading && app.querySelectorAll(ITEMS).length >= items;
}

/**
 * What the visitor typed or chose in the static copy's fields goes into the app's same fields,
 * through the value setter and an `input` event, as typing would (React reads both).
 */
function carryFieldValues(staticPage: Element, root: Element): void {
  const appControls = root.querySelectorAll(CONTROLS);
  staticPage.querySelectorAll(CONTROLS).forEach((control, index) => {
    const target = appControls[index];
    if (!target || control.tagName !== target.tagName) return;
    if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
      if (control.checked !== control.defaultChecked && target instanceof HTMLInputElement && target.checked !== control.checked) target.click();
      return;
    }
    if (!(control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement || control instanceof HTMLSelectElement)) return;
    const typed = control instanceof HTMLSelectElement ? ![...control.options].some((option) => option.selected && option.defaultSelected) : control.value !== control.defaultValue;
    if (!typed) return;
    const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(target), 'value')?.set;
    setValue?.call(target, control.value);
    target.dispatchEvent(new Event('input', { bubbles: true }));
    target.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

export function bootOnInteraction(staticPage: HTMLElement, root: HTMLElement, scripts: string[]): void {
  let booted = false;
  let pressed = -1;

  const takeOver = () => {
    const focused = controlIndex(staticPage, document.activeElement);
    const { scrollX, scrollY } = window;
    carryFieldValues(staticPage, root);
    staticPage.remove();
    root.hidden = false;
    window.scrollTo(scrollX, scrollY);
    // What the app measured while hidden (sections in view) is measured again, now that it is shown.
    window.dispatchEvent(new Event('scroll'));
    const controls = root.querySelectorAll<HTMLElement>(CONTROLS);
    if (focused >= 0) controls[focused]?.focus();
    const control = pressed >= 0 ? controls[pressed] : undefined;
    if (control) press(control);
  };

  const boot = () => {
    if (booted) return;
    booted = true;
    for (const event of BOOT_EVENTS) document.removeEventListener(event, boot, true);
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      observer.disconnect();
      clearTimeout(timer);
      takeOver();
    };
    const observer = new MutationObserver(() => showsSamePage(staticPage, root) && finish());
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    const timer = setTimeout(finish, TAKE_OVER_AFTER_MS);
    for (const src of scripts) {
      const script = document.createElement('script');
      script.src = src;
      script.async = false; // in order, as the shell's page lists them
      document.body.append(script);
    }
  };

  for (const event of BOOT_EVENTS) document.addEventListener(event, boot, { capture: true, passive: true });
  // A button needs the app: remember which one, and press it again once the app is there.
  staticPage.addEventListener(
    'click',
    (event) => {
      const control = (event.target as Element).closest(CONTROLS);
      if (!control || (control instanceof HTMLAnchorElement && control.href)) return;
      event.preventDefault();
      pressed = controlIndex(staticPage, control);
      boot();
    },
    true,
  );
  // Fetched while the browser is idle, run only when needed: the first interaction then starts quickly.
  window.addEventListener('load', () => {
    const prefetch = () => scripts.forEach((src) => document.head.append(Object.assign(document.createElement('link'), { rel: 'prefetch', href: src, as: 'script' })));
    if ('requestIdleCallback' in window) requestIdleCallback(prefetch);
    else setTimeout(prefetch, 1);
  });
}

const script = document.currentScript as HTMLScriptElement | null;
const staticPage = document.getElementById('prerendered');
const root = document.getElementById('root');
if (script?.dataset.boot && staticPage && root) bootOnInteraction(staticPage, root, script.dataset.boot.split(' '));
