/** For tests: signing in through a real OpenID Connect issuer without a browser engine. */
/** A browser reduced to what sign-in needs: one cookie jar (cookies ignore ports) and redirects followed by hand. */
export class Browser {
  private readonly cookies = new Map<string, string>();

  async visit(url: string, form?: Record<string, string>): Promise<{ url: string; status: number; html: string }> {
    let current = url;
    let init: RequestInit = form ? { method: 'POST', body: new URLSearchParams(form) } : { method: 'GET' };
    for (let hops = 0; hops < 10; hops++) {
      const response = await fetch(current, { ...init, redirect: 'manual', headers: { cookie: this.cookieHeader() } });
      for (const setCookie of response.headers.getSetCookie()) {
        const pair = setCookie.split(';')[0];
        const name = pair.slice(0, pair.indexOf('='));
        const value = pair.slice(pair.indexOf('=') + 1);
        if (value && !/expires=Thu, 01 Jan 1970/i.test(setCookie)) this.cookies.set(name, value);
        else this.cookies.delete(name);
      }
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { url: current, status: response.status, html: await response.text() };
      await response.body?.cancel();
      current = new URL(location, current).href;
      init = { method: 'GET' };
    }
    throw new Error(`Too many redirects from ${url}`);
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
