/**
 * What a page costs before it is usable: every script fetched before the `load` event, counted as
 * served (compressed bytes on the wire), for a visitor's `/` and `/blog`, in Debian's Chromium; for
 * a signed-in `/`, every script fetched until the wizard's step 1 shows its actors (its remote and
 * data come after `load`). Issue 17's target for a visitor's `/` is 120 KB; issue 38's for the
 * signed-in `/` is 130 KB.
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
}

/**
 * Opens `path` and sums the scripts that finished before it is usable, as served: by `load`, or
 * with `usable`, once that resolves and the network has been quiet for half a second.
 */
async function initialScripts(page: Page, url: string, usable?: (page: Page) => Promise<void>): Promise<ScriptLoad[]> {
  const scripts: Promise<ScriptLoad>[] = [];
  let loaded = false;
  page.on('requestfinished', (request) => {
    if (loaded || request.resourceType() !== 'script') return;
    scripts.push(request.sizes().then((sizes) => ({ url: request.url(), bytes: sizes.responseBodySize })));
  });
  await page.goto(url, { waitUntil: 'load' });
  if (usable) {
    await usable(page);
    await page.waitForLoadState('networkidle');
  }
  loaded = true;
  return Promise.all(scripts);
}

/** The signed-in `/` is usable once the wizard's step 1 lists its actors (its Continue is there). */
const wizardStepOneShown = (page: Page) => page.getByRole('heading', { name: 'Select Your Actor' }).waitFor();

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
      const scripts = await initialScripts(page, `${stack.url}${path}`, signIn ? wizardStepOneShown : undefined);
      const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
      const targetKb = signIn ? SIGNED_IN_TARGET_KB : label.startsWith('visitor /') && path === '/' ? TARGET_KB : undefined;
      const target = targetKb ? `   (target ≤ ${targetKb} KB: ${total <= targetKb * 1024 ? 'met' : 'NOT met'})` : '';
      console.log(`  ${label.padEnd(22)} ${String(scripts.length).padStart(3)} scripts ${kb(total).padStart(10)}${target}`);
      for (const script of scripts.sort((a, b) => b.bytes - a.bytes).slice(0, signIn ? 12 : 5)) console.log(`      ${kb(script.bytes).padStart(10)}  ${new URL(script.url).pathname}`);
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
