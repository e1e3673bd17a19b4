import { safeReturnPath } from './oidc';

describe(safeReturnPath.name, () => {
  it('keeps a path on this site, with its query', () => {
    expect(safeReturnPath('/projects?tab=done')).toBe('/projects?tab=done');
  });

  it('refuses anything that could leave the site', () => {
    for (const value of ['https://evil.example', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'projects', '', undefined, ['/a']]) {
      expect(safeReturnPath(value)).toBe('/');
    }
  });
});
