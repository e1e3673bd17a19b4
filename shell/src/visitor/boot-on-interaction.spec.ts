import { bootOnInteraction, showsSamePage } from './boot-on-interaction';

// jsdom has neither pointer events nor scrolling; browsers have both.
globalThis.PointerEvent ??= class PointerEvent extends MouseEvent {} as typeof globalThis.PointerEvent;
beforeEach(() => jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

const PAGE = '<h1>Lip-synced videos</h1><a href="/pricing">Pricing</a><button type="button">Unmute</button><button type="button">Menu</button>';

function setUp() {
  document.body.innerHTML = `<div id="prerendered">${PAGE}</div><div id="root" hidden></div>`;
  const staticPage = document.getElementById('prerendered')!;
  const root = document.getElementById('root')!;
  bootOnInteraction(staticPage, root, ['/main.js', '/other.js']);
  return { staticPage, root };
}

const appScripts = () => Array.from(document.querySelectorAll<HTMLScriptElement>('body > script')).map((script) => new URL(script.src).pathname);
const nextMutations = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a prerendered page', () => {
  it('loads no app code until the visitor interacts, then the shell scripts in order', () => {
    setUp();
    expect(appScripts()).toEqual([]);
    document.dispatchEvent(new Event('pointerdown'));
    expect(appScripts()).toEqual(['/main.js', '/other.js']);
    document.dispatchEvent(new Event('keydown'));
    expect(appScripts()).toHaveLength(2);
  });

  it('lets the app take over once it shows the same page, and presses the button pressed before', async () => {
    const { staticPage, root } = setUp();
    const pressed = staticPage.querySelectorAll('button')[1];
    const clickEvent = new MouseEvent('click', { bubbles: true, cancelable: true });
    pressed.dispatchEvent(clickEvent);
    expect(clickEvent.defaultPrevented).toBe(true);

    root.innerHTML = '<p>Loading...</p>';
    await nextMutations();
    expect(document.getElementById('prerendered')).not.toBeNull();

    const pressesInApp: string[] = [];
    root.innerHTML = PAGE;
    root.querySelectorAll('button').forEach((button) => {
      for (const type of ['pointerdown', 'click']) button.addEventListener(type, () => pressesInApp.push(`${type} ${button.textContent}`));
    });
    await nextMutations();
    expect(document.getElementById('prerendered')).toBeNull();
    expect(root.hidden).toBe(false);
    // Pressed as a pointer would: menu triggers open on pointerdown, other buttons on click.
    expect(pressesInApp).toEqual(['pointerdown Menu', 'click Menu']);
  });

  it('leaves links to the browser and carries the focus over', async () => {
    const { staticPage, root } = setUp();
    const link = staticPage.querySelector('a')!;
    link.focus();
    let preventedBeforeTheBrowser: boolean | undefined;
    const stopNavigation = (event: Event) => {
      preventedBeforeTheBrowser = event.defaultPrevented;
      event.preventDefault(); // jsdom cannot navigate
    };
    document.addEventListener('click', stopNavigation);
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    document.removeEventListener('click', stopNavigation);
    expect(preventedBeforeTheBrowser).toBe(false);

    document.dispatchEvent(new FocusEvent('focusin'));
    root.innerHTML = PAGE;
    await nextMutations();
    expect(document.activeElement).toBe(root.querySelector('a'));
  });
});

describe('a prerendered form', () => {
  it("carries what the visitor typed before the app took over into the app's same field, as an input event", async () => {
    const form = '<h1>Blog</h1><form><input type="email" value=""><input type="checkbox"><button type="submit">Subscribe</button></form>';
    document.body.innerHTML = `<div id="prerendered">${form}</div><div id="root" hidden></div>`;
    const staticPage = document.getElementById('prerendered')!;
    const root = document.getElementById('root')!;
    bootOnInteraction(staticPage, root, ['/main.js']);
    const [email, checkbox] = staticPage.querySelectorAll('input');
    email.value = 'reader@example.com';
    checkbox.checked = true;
    document.dispatchEvent(new FocusEvent('focusin'));

    const inputEvents: string[] = [];
    root.innerHTML = form;
    root.addEventListener('input', (event) => inputEvents.push((event.target as HTMLInputElement).value));
    await nextMutations();
    const [appEmail, appCheckbox] = root.querySelectorAll('input');
    expect(appEmail.value).toBe('reader@example.com');
    expect(inputEvents).toContain('reader@example.com');
    expect(appCheckbox.checked).toBe(true);
  });
});

describe(showsSamePage.name, () => {
  it('needs the same heading and at least as many videos as the static copy', () => {
    const staticPage = document.createElement('div');
    staticPage.innerHTML = '<h1>Title</h1><video></video>';
    const app = document.createElement('div');
    app.innerHTML = '<h1>Title</h1>';
    expect(showsSamePage(staticPage, app)).toBe(false);
    app.innerHTML = '<h1>Title</h1><video></video>';
    expect(showsSamePage(staticPage, app)).toBe(true);
    app.innerHTML = '<h1>Other</h1><video></video>';
    expect(showsSamePage(staticPage, app)).toBe(false);
  });

  it("waits for a post list's cards, which have no images: the list's loading state has the heading only", () => {
    const staticPage = document.createElement('div');
    staticPage.innerHTML = '<h1>Lipcast Blog</h1><ul><li><article>One</article></li><li><article>Two</article></li></ul>';
    const app = document.createElement('div');
    app.innerHTML = '<h1>Lipcast Blog</h1><div role="status" aria-busy="true"></div>';
    expect(showsSamePage(staticPage, app)).toBe(false);
    app.innerHTML = '<h1>Lipcast Blog</h1><ul><li><article>One</article></li><li><article>Two</article></li></ul>';
    expect(showsSamePage(staticPage, app)).toBe(true);
  });
});
