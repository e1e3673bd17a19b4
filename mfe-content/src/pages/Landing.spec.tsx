import { act, screen, waitFor, within } from '@testing-library/react';
import { samplePosters } from '@lipcast/contracts';
import { ENGINEERING_WORDS, fakeApi } from '@lipcast/web-kit/testing';
import { renderInApp } from '../testing/render';
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

  it("speaks as a creator would, not in the engineering's words (issue 37, item 14)", () => {
    renderInApp(<Landing />);
    expect(document.body.textContent).not.toMatch(ENGINEERING_WORDS);
  });

  it('offers a skip link past its header to its main content, as every page does (issue 37, item 6)', () => {
    renderInApp(<Landing />);
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.querySelector('a[href], button')).toBe(skip);
    expect(skip.getAttribute('href')).toBe(`#${screen.getByRole('main').id}`);
  });

  it('links the pricing page from its header and its last section', () => {
    renderInApp(<Landing />);
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/pricing');
    expect(screen.getByRole('link', { name: 'Compare plans and pricing' }).getAttribute('href')).toBe('/pricing');
  });

  it("shows the lead sample's poster before the list loads, then each video over its poster, loading only its metadata first", async () => {
    const sample = (id: string) => ({ id, title: `Sample ${id}`, url: `/api/media/public/samples/${id}-v1.mp4`, posters: samplePosters(id) });
    fakeApi({
      'GET /api/samples': { body: { hero: [sample('hero-1'), sample('hero-2'), sample('hero-3')], examples: [sample('example-1'), sample('example-2')] } },
      'GET /api/auth/user': { status: 401, body: { message: 'Unauthorized' } },
    });
    renderInApp(<Landing />);
    const lead = document.querySelector('[data-sample-slot="hero:0"]')!;
    expect(lead.querySelector('source[type="image/avif"]')?.getAttribute('srcset')).toBe(
      '/api/media/public/samples/hero-1-poster-320-v1.avif 320w, /api/media/public/samples/hero-1-poster-640-v1.avif 640w',
    );
    expect(lead.querySelector('img')?.getAttribute('fetchpriority')).toBe('high');

    await waitFor(() => expect(document.querySelectorAll('[data-sample-slot] video')).toHaveLength(5));
    const videos = Array.from(document.querySelectorAll('[data-sample-slot] video'));
    expect(videos.map((video) => [video.getAttribute('preload'), video.getAttribute('poster')])).toEqual(
      ['hero-1', 'hero-2', 'hero-3', 'example-1', 'example-2'].map((id) => ['metadata', `/api/media/public/samples/${id}-poster-640-v1.webp`]),
    );
    expect(document.querySelectorAll('[data-sample-slot] picture')).toHaveLength(5);
    expect(document.querySelector('[data-sample-slot="examples:0"] img')?.getAttribute('loading')).toBe('lazy');
  });
});
