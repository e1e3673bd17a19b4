import { findRoute, metaForPath, NOT_FOUND_META } from './routes';

describe('the route table', () => {
  it('matches paths with parameters, and ignores a trailing slash', () => {
    expect(findRoute('/blog/how-to-write-a-script')?.path).toBe('/blog/:slug');
    expect(findRoute('/blog/')?.path).toBe('/blog');
    expect(findRoute('/blog/a/b')).toBeUndefined();
    expect(metaForPath('/nowhere')).toBe(NOT_FOUND_META);
  });
});
