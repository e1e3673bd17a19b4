import { act, screen, within } from '@testing-library/react';
import { fakeApi } from '@lipcast/web-kit/testing';
import { renderInApp } from '../blog/render-in-app';
import Landing from './Landing';

/** Places every section's top below the header, as at the top of a long page. */
function sectionsBelowTheHeader() {
  jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ top: 500 } as DOMRect);
}

function scrollTo(scrollY: number, scrollHeight: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: scrollY });
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: scrollHeight });
  act(() => void window.dispatchEvent(new Event('scroll')));
}

describe('Landing page', () => {
  beforeEach(() => {
    fakeApi({ 'GET /api/samples': { body: { hero: [], examples: [] } }, 'GET /api/auth/user': { status: 401, body: { message: 'Unauthorized' } } });
  });
  afterEach(() => jest.restoreAllMocks());

  it('highlights "Get Started" once the page is scrolled to its end, though that short section never reaches the header', () => {
    sectionsBelowTheHeader();
    renderInApp(<Landing />);
    const sections = screen.getByRole('navigation', { name: 'Sections' });
    const getStarted = within(sections).getByRole('link', { name: 'Get Started' });

    scrollTo(0, 5000);
    expect(getStarted.getAttribute('aria-current')).toBeNull();

    scrollTo(5000 - window.innerHeight, 5000);
    expect(getStarted.getAttribute('aria-current')).toBe('true');
    expect(sections.querySelectorAll('[aria-current="true"]')).toHaveLength(1);
  });

  it('links the pricing page from its header and its last section', () => {
    renderInApp(<Landing />);
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByRole('link', { name: 'Compare plans and pricing' }).getAttribute('href')).toBe('/pricing');
  });
});
