import type { PageMeta } from '@lipcast/contracts';

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.content = content;
}

/** Keeps the document's title and description, keyword and social-card tags in step with the page. */
export function applyPageMeta(meta: PageMeta): void {
  document.title = meta.title;
  setMeta('name', 'description', meta.description);
  setMeta('name', 'keywords', meta.keywords);
  setMeta('property', 'og:title', meta.title);
  setMeta('property', 'og:description', meta.description);
  setMeta('name', 'twitter:title', meta.title);
  setMeta('name', 'twitter:description', meta.description);
}
