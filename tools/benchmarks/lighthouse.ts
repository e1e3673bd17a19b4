/**
 * Lighthouse (mobile preset: a mid-range phone on slow 4G, simulated) on a visitor's `/`, `/blog`,
 * one post and `/user-influencers`, and a signed-in `/`, in Debian's Chromium against the built
 * stack, with the script each page fetched (brotli bodies as served, and Lighthouse's own figure,
 * which adds each response's headers). Issue 17's targets: LCP ≤ 2.5 s, TBT ≤
 * 200 ms, CLS ≤ 0.05, no console error; issue 38's: visitor pages ≤ 30 KB of script and
 * performance ≥ 95, the signed-in `/` ≤ 130 KB and ≥ 90.
 */
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import pg from 'pg';
import { freePort } from '../lib/infra.ts';
import { startIsolatedStack } from '../lib/stack.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, signInAsNewUser } from './browser.ts';

interface Target {
  label: string;
  unit: string;
  /** The figure Lighthouse reports, scaled to `unit`. */
  value: (report: Report) => number;
  meets: (value: number) => boolean;
  goal: string;
  digits: number;
}

interface Report {
  score: number;
  /** The scripts the page fetched, brotli bodies as served (Lighthouse's own figure adds each response's headers, about 0.9 KB). */
  scriptBytesAsServed: number;
  audits: Record<string, { numericValue?: number; details?: { items?: { description?: string; source?: string; url?: string; resourceType?: string; transferSize?: number }[] } }>;
}

/** Issue 38's targets of one kind of page: its script as served and its Lighthouse performance score. */
interface PageGoals {
  scriptKb: number;
  performance: number;
}
const VISITOR_PAGE: PageGoals = { scriptKb: 30, performance: 95 };
const SIGNED_IN_PAGE: PageGoals = { scriptKb: 130, performance: 90 };

/** The page's own targets first: the script it fetched (as served) and its performance score. */
const pageTargets = (goals: PageGoals): Target[] => [
  {
    label: 'script',
    unit: ' KB',
    value: (report) => report.scriptBytesAsServed / 1024,
    meets: (value) => value <= goals.scriptKb,
    goal: `≤ ${goals.scriptKb} KB`,
    digits: 1,
  },
  {
    label: 'with headers',
    unit: ' KB',
    value: (report) => (report.audits['resource-summary']?.details?.items?.find((item) => item.resourceType === 'script')?.transferSize ?? 0) / 1024,
    meets: () => true,
    goal: '',
    digits: 1,
  },
  { label: 'performance', unit: '', value: (report) => report.score * 100, meets: (value) => value >= goals.performance, goal: `≥ ${goals.performance}`, digits: 0 },
];

const TARGETS: Target[] = [
  { label: 'LCP', unit: ' s', value: (report) => report.audits['largest-contentful-paint'].numericValue! / 1000, meets: (value) => value <= 2.5, goal: '≤ 2.5 s', digits: 2 },
  { label: 'TBT', unit: ' ms', value: (report) => report.audits['total-blocking-time'].numericValue!, meets: (value) => value <= 200, goal: '≤ 200 ms', digits: 0 },
  { label: 'CLS', unit: '', value: (report) => report.audits['cumulative-layout-shift'].numericValue!, meets: (value) => value <= 0.05, goal: '≤ 0.05', digits: 3 },
  { label: 'FCP', unit: ' s', value: (report) => report.audits['first-contentful-paint'].numericValue! / 1000, meets: () => true, goal: '', digits: 2 },
];

/** The scripts a Lighthouse run saw the page fetch. */
const scriptsFetched = (audits: Report['audits']) =>
  (audits['network-requests']?.details?.items ?? []).filter((item) => item.resourceType === 'Script' && item.url).map((item) => item.url!);

/** The bodies of `urls` as the server sends them to a browser that accepts brotli (its `Content-Length`: fetch decodes, the header stays the encoded size). */
async function bytesAsServed(urls: string[]): Promise<number> {
  let total = 0;
  for (const url of urls) {
    const response = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
    const length = response.headers.get('content-length');
    total += length === null ? (await response.arrayBuffer()).byteLength : Number(length);
    if (length !== null) await response.body?.cancel();
  }
  return total;
}

/** One Lighthouse run on `url` through the Chromium listening on `port`; `cookie` signs it in. */
async function audit(url: string, port: number, cookie: string | null): Promise<{ report: Report; consoleErrors: string[] }> {
  // The default configuration is the mobile preset; the console-errors audit is in best practices.
  const result = await lighthouse(url, {
    port,
    logLevel: 'error',
    output: 'json',
    // resource-summary (the bytes fetched by kind) is a diagnostic of the performance category.
    onlyCategories: ['performance', 'best-practices'],
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  const errors = (lhr.audits['errors-in-console']?.details as Report['audits'][string]['details'] | undefined)?.items ?? [];
  const audits = lhr.audits as Report['audits'];
  return {
    report: { score: lhr.categories.performance.score ?? 0, scriptBytesAsServed: await bytesAsServed(scriptsFetched(audits)), audits },
    consoleErrors: errors.map((item) => `${item.source ?? 'console'}: ${item.description ?? ''} ${item.url ?? ''}`.trim()),
  };
}

/** A published post as the console would save one (the fresh stack has none); its slug. */
async function publishPost(databaseUrl: string): Promise<string> {
  const slug = 'lighthouse-short-scripts';
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into content.blog_post (title, slug, excerpt, body, author, published_at) values ($1, $2, $3, $4, 'Lipcast Team', now())`,
      ['Short scripts make better videos', slug, 'Fewer words, a clearer message.', '## Keep it short\n\nSay one thing, then stop. A 15-second video holds about 30 words.'],
    );
  } finally {
    await client.end();
  }
  return slug;
}

export async function lighthouseAudits(): Promise<void> {
  const stack = await startIsolatedStack('bench_lighthouse', { env: { RATE_LIMIT_PER_MINUTE: '100000000', LOG_LEVEL: 'warn' } });
  const port = await freePort();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`] });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAsNewUser(page, stack.url, 'lighthouse');
    const cookie = (await context.cookies(stack.url)).map(({ name, value }) => `${name}=${value}`).join('; ');
    await context.close();

    console.log('\n[bench] Lighthouse, mobile preset (simulated slow 4G and 4× CPU slowdown), Debian Chromium');
    const slug = await publishPost(stack.env.DATABASE_URL!);
    const pages = [
      { label: 'visitor /', path: '/', cookie: null, goals: VISITOR_PAGE },
      { label: 'visitor /blog', path: '/blog', cookie: null, goals: VISITOR_PAGE },
      { label: 'visitor post', path: `/blog/${slug}`, cookie: null, goals: VISITOR_PAGE },
      { label: 'visitor gallery', path: '/user-influencers', cookie: null, goals: VISITOR_PAGE },
      { label: 'signed-in /', path: '/', cookie, goals: SIGNED_IN_PAGE },
    ];
    for (const { label, path, cookie: sentCookie, goals } of pages) {
      const { report, consoleErrors } = await audit(`${stack.url}${path}`, port, sentCookie);
      const figures = [...pageTargets(goals), ...TARGETS].map((target) => {
        const value = target.value(report);
        const verdict = target.goal ? ` (${target.goal}: ${target.meets(value) ? 'met' : 'NOT met'})` : '';
        return `${target.label} ${value.toFixed(target.digits)}${target.unit}${verdict}`;
      });
      console.log(`  ${label.padEnd(16)} ${figures.join(', ')}`);
      console.log(`  ${''.padEnd(16)} console errors: ${consoleErrors.length} (target 0)${consoleErrors.map((error) => `\n      ${error}`).join('')}`);
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await lighthouseAudits();
