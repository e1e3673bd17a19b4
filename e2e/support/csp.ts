import type { BrowserContext, Page } from '@playwright/test';

export interface CspViolation {
  page: string;
  directive: string;
  blocked: string;
}

/**
 * Collects every Content-Security-Policy violation our origin's pages report, as it happens (a page
 * that redirects away cannot lose them), plus Chromium's console messages about the policy.
 */
export async function watchCsp(context: BrowserContext, page: Page, origin: string): Promise<CspViolation[]> {
  const violations: CspViolation[] = [];
  await context.exposeBinding('__reportCspViolation', (_source, violation: CspViolation) => {
    if (new URL(violation.page).origin === origin) violations.push(violation);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (violation: CspViolation) => void }).__reportCspViolation;
      void report({ page: location.href, directive: event.effectiveDirective, blocked: event.blockedURI });
    });
  });
  page.on('console', (message) => {
    const url = message.location().url;
    if (message.text().includes('Content Security Policy') && (!url || url.startsWith(origin))) {
      violations.push({ page: url, directive: 'console', blocked: message.text() });
    }
  });
  return violations;
}
