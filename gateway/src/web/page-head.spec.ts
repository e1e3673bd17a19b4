import { metaForPath, NO_SESSION_META } from '@lipcast/contracts';
import { escapeHtml, HEAD_MARKER, injectHead, renderHead } from './page-head';

describe(injectHead.name, () => {
  const template = `<html><head>${HEAD_MARKER}</head><body></body></html>`;

  it('writes the route title, description, keywords and social-card tags', () => {
    const html = injectHead(template, metaForPath('/blog'), 'https://lipcast.example/blog');
    expect(html).toContain('<title>Blog | Lipcast</title>');
    expect(html).toContain('<meta name="description" content="Guides on writing scripts');
    expect(html).toContain('<meta name="keywords" content="AI video blog');
    expect(html).toContain('<meta property="og:title" content="Blog | Lipcast">');
    expect(html).toContain('<meta property="og:url" content="https://lipcast.example/blog">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).not.toContain(HEAD_MARKER);
  });

  it('marks a page served without a session, and only such a page', () => {
    const marker = `<meta name="${NO_SESSION_META.name}" content="${NO_SESSION_META.content}">`;
    expect(injectHead(template, metaForPath('/blog'), 'http://x/blog', true)).toContain(marker);
    expect(injectHead(template, metaForPath('/blog'), 'http://x/blog')).not.toContain(NO_SESSION_META.name);
  });

  it('uses the 404 metadata for unknown paths', () => {
    expect(injectHead(template, metaForPath('/no-such-page'), 'http://x/no-such-page')).toContain('<title>404 Page Not Found | Lipcast</title>');
  });

  it('writes the tags before </head> when the build dropped the marker', () => {
    const html = injectHead('<html><head><meta charset=utf-8></head><body></body></html>', metaForPath('/pricing'), 'http://x/pricing');
    expect(html).toMatch(/^<html><head><meta charset=utf-8><title>Pricing \| Lipcast<\/title>[\s\S]*<\/head><body>/);
  });

  it('keeps "$" sequences in the metadata literally', () => {
    expect(injectHead(template, { title: "Save $& $' now", description: '', keywords: '' }, 'http://x/')).toContain("<title>Save $&amp; $&#39; now</title>");
  });

  it('escapes what it writes', () => {
    const head = renderHead({ title: '<script>"x"</script>', description: "Tom & Jerry's", keywords: '' }, 'http://x/?a="b"');
    expect(head).toContain('<title>&lt;script&gt;&quot;x&quot;&lt;/script&gt;</title>');
    expect(head).toContain('content="Tom &amp; Jerry&#39;s"');
    expect(head).toContain('content="http://x/?a=&quot;b&quot;"');
    expect(escapeHtml('a<b')).toBe('a&lt;b');
  });
});

describe('head extras', () => {
  it('writes the canonical URL, and a post as an article with its structured data, whose text cannot close the script', () => {
    const head = renderHead({ title: 'A post', description: 'About it', keywords: '' }, 'https://x/blog/a-post?utm=1', true, {
      canonicalUrl: 'https://x/blog/a-post',
      structuredData: { '@type': 'Article', headline: 'Ends </script><script>alert(1)</script>' },
    });
    expect(head).toContain('<link rel="canonical" href="https://x/blog/a-post">');
    expect(head).toContain('<meta property="og:type" content="article">');
    expect(head).toContain('<script type="application/ld+json">{"@type":"Article","headline":"Ends \\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}</script>');
    expect(head.match(/<\/script>/g)).toHaveLength(1);
  });

  it('writes neither without them', () => {
    const head = renderHead({ title: 'Pricing', description: '', keywords: '' }, 'https://x/pricing');
    expect(head).not.toContain('canonical');
    expect(head).not.toContain('ld+json');
    expect(head).toContain('<meta property="og:type" content="website">');
  });
});
