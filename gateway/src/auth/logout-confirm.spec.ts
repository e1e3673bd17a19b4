import { isCrossSiteNavigation } from './logout-confirm';

describe(isCrossSiteNavigation.name, () => {
  const own = 'https://lipcast.example';
  const sut = (headers: Record<string, string>) => isCrossSiteNavigation({ headers }, own);

  it('believes Sec-Fetch-Site when the browser sends it', () => {
    expect(sut({ 'sec-fetch-site': 'cross-site' })).toBe(true);
    expect(sut({ 'sec-fetch-site': 'cross-site', origin: own })).toBe(true);
    for (const site of ['same-origin', 'same-site', 'none']) expect(sut({ 'sec-fetch-site': site })).toBe(false);
  });

  it('falls back on the Origin header, then on treating the request as our own', () => {
    expect(sut({ origin: 'https://evil.example' })).toBe(true);
    expect(sut({ origin: 'null' })).toBe(true);
    expect(sut({ origin: own })).toBe(false);
    expect(sut({})).toBe(false);
  });
});
