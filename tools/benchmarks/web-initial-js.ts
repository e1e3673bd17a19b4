/**
 * What a page costs before it is usable: every script fetched before the `load` event, counted as
 * served (compressed bytes on the wire), for a visitor's `/` and `/blog`, in Debian's Chromium; for
 * a signed-in `/`, every script requested before the wizard's step 1 shows (its remote and data come
 * after `load`) and fetched by the time it lists its actors. What the page then fetches ahead once it
 * is used, when idle (the later steps, the header's menus, the toaster), is listed apart. Issue 17's target for a
 * visitor's `/` is 120 KB; issue 38's for the signed-in `/` is 130 KB.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { startIsolatedStack } from '../lib/stack.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signInAsNewUser } from './browser.ts';

const TARGET_KB = 120;
const SIGNED_IN_TARGET_KB = 130;

interface ScriptLoad {
  url: string;
  bytes: number;
  /** Requested after the page was usable: fetched ahead, for later. */
  later: boolean;
}

/** In the page: when (epoch ms) step 1's heading first appeared, seen by a mutation observer from the start. */
const STEP_ONE_HEADING = 'Select Your Actor';
function watchForHeading(text: string): void {
  const seen = () => [...document.querySelectorAll('h1')].some((heading) => heading.textContent?.trim() === text);
  const observer = new MutationObserver(() => {
    if (!seen()) return;
    (window as unknown as { __usableAt?: number }).__usableAt = performance.timeOrigin + performance.now();
    observer.disconnect();
  });
  document.addEventListener('DOMContentLoaded', () => observer.observe(document.body, { childList: true, subtree: true }));
}

/**
 * Opens `path` and sums the scripts that finished before it is usable, as served: by `load`, or
 * with `usable`, those requested before it (what the page fetches once usable is marked `later`),
 * counted once it is usable and the network has been quiet for half a second.
 */
async function initialScripts(page: Page, url: string, usable?: (page: Page) => Promise<void>): Promise<ScriptLoad[]> {
  const scripts: Promise<{ url: string; bytes: number; startTime: number }>[] = [];
  let loaded = false;
  if (usable) await page.addInitScript(watchForHeading, STEP_ONE_HEADING);
  page.on('requestfinished', (request) => {
    if (loaded || request.resourceType() !== 'script') return;
    scripts.push(request.sizes().then((sizes) => ({ url: request.url(), bytes: sizes.responseBodySize, startTime: request.timing().startTime })));
  });
  await page.goto(url, { waitUntil: 'load' });
  let usableAt = Infinity;
  if (usable) {
    await usable(page);
    await page.waitForLoadState('networkidle');
    usableAt = (await page.evaluate(() => (window as unknown as { __usableAt?: number }).__usableAt)) ?? Infinity;
    // What it fetches ahead comes once someone uses it (libs/ui's whenEngaged): a pointer move, then
    // until no script has been asked for in 3 s (its idle callback may wait 2), 10 s at most.
    let lastAsked = Date.now();
    page.on('request', (request) => void (request.resourceType() === 'script' && (lastAsked = Date.now())));
    await page.mouse.move(200, 300);
    for (const deadline = Date.now() + 10_000; Date.now() < deadline && Date.now() - lastAsked < 3000; ) await page.waitForTimeout(250);
    await page.waitForLoadState('networkidle');
  }
  loaded = true;
  return (await Promise.all(scripts)).map(({ url, bytes, startTime }) => ({ url, bytes, later: startTime > usableAt }));
}

/** The signed-in `/` is usable once the wizard's step 1 lists its actors (its Continue is there). */
const wizardStepOneShown = async (page: Page) => {
  await page.getByRole('heading', { name: STEP_ONE_HEADING }).waitFor();
  await page.getByRole('radiogroup', { name: 'Actors' }).getByRole('radio').first().waitFor();
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const ROOT = new URL('../..', import.meta.url).pathname;
const APPS = ['shell', 'mfe-content', 'mfe-wizard', 'mfe-influencer', 'mfe-billing', 'mfe-admin'];

/** Every app's built scripts as served (brotli), biggest first: what each app costs when all of it loads. */
function printBundleComposition(): void {
  console.log('\n[bench] bundle composition (built scripts per app, brotli bytes; the largest five)');
  for (const app of APPS) {
    const dist = join(ROOT, app, 'dist');
    const files = readdirSync(dist)
      .filter((file) => file.endsWith('.js.br'))
      .map((file) => ({ file: file.slice(0, -3), bytes: statSync(join(dist, file)).size }))
      .sort((a, b) => b.bytes - a.bytes);
    const total = files.reduce((sum, file) => sum + file.bytes, 0);
    console.log(`  ${app.padEnd(16)} ${String(files.length).padStart(3)} scripts ${kb(total).padStart(10)}`);
    for (const file of files.slice(0, 5)) console.log(`      ${kb(file.bytes).padStart(10)}  ${file.file}`);
  }
}

export async function webInitialJavaScript(): Promise<void> {
  const stack = await startIsolatedStack('bench_web', { env: { RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'warn' } });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    console.log('\n[bench] initial JavaScript (scripts fetched before the load event, bytes as served)');
    const measure = async (label: string, path: string, signIn = false) => {
      const context = await browser.newContext();
      // A first visit: the user signs in in a context of its own, and only the session cookie comes
      // over, so no script is taken from the sign-in pages' cache.
      if (signIn) {
        const signing = await browser.newContext();
        await signInAsNewUser(await signing.newPage(), stack.url);
        await context.addCookies(await signing.cookies(stack.url));
        await signing.close();
      }
      const page = await context.newPage();
      const fetched = await initialScripts(page, `${stack.url}${path}`, signIn ? wizardStepOneShown : undefined);
      const scripts = fetched.filter((script) => !script.later);
      const ahead = fetched.filter((script) => script.later);
      const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
      const targetKb = signIn ? SIGNED_IN_TARGET_KB : label.startsWith('visitor /') && path === '/' ? TARGET_KB : undefined;
      const target = targetKb ? `   (target ≤ ${targetKb} KB: ${total <= targetKb * 1024 ? 'met' : 'NOT met'})` : '';
      console.log(`  ${label.padEnd(22)} ${String(scripts.length).padStart(3)} scripts ${kb(total).padStart(10)}${target}`);
      for (const script of scripts.sort((a, b) => b.bytes - a.bytes).slice(0, signIn ? 20 : 5)) console.log(`      ${kb(script.bytes).padStart(10)}  ${new URL(script.url).pathname}`);
      if (ahead.length > 0) {
        const aheadTotal = ahead.reduce((sum, script) => sum + script.bytes, 0);
        console.log(`  ${'  then, fetched ahead'.padEnd(22)} ${String(ahead.length).padStart(3)} scripts ${kb(aheadTotal).padStart(10)}   (requested once step 1 showed and had an input, when idle)`);
        for (const script of ahead.sort((a, b) => b.bytes - a.bytes)) console.log(`      ${kb(script.bytes).padStart(10)}  ${new URL(script.url).pathname}`);
      }
      await context.close();
    };
    await measure('visitor /', '/');
    await measure('visitor /terms', '/terms');
    await measure('visitor /blog', '/blog');
    await measure('signed-in / (step 1)', '/', true);
    printBundleComposition();
  } finally {
    await browser.close();
    await stack.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await webInitialJavaScript();
