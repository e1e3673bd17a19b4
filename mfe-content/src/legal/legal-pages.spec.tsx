import { screen } from '@testing-library/react';
import { renderInApp } from '../testing/render';
import Privacy from '../pages/Privacy';
import Terms from '../pages/Terms';

describe('legal pages', () => {
  it('Terms of Service: title, date and its sections', () => {
    renderInApp(<Terms />, { path: '/terms' });

    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeTruthy();
    expect(screen.getByText('November 22, 2026').getAttribute('dateTime')).toBe('2026-11-22');
    expect(screen.getByRole('heading', { level: 2, name: '5. Acceptable use of generated likenesses' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
  });

  it('Privacy Policy: title, date, the session cookie, the card-number promise and what a deleted account leaves', () => {
    renderInApp(<Privacy />, { path: '/privacy' });

    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expect(screen.getByText(/Last updated/).textContent).toBe('Last updated: November 22, 2026');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      '1. Data we store',
      '2. Payments',
      '3. Cookies and tracking',
      '4. How we use your data',
      '5. Data retention',
      '6. Your rights and deleting your data',
      '7. Security',
      '8. Children',
      '9. Changes and contact',
    ]);
    expect(screen.getByText('lipcast.sid')).toBeTruthy();
    expect(screen.getByText(/we never see or store card numbers/)).toBeTruthy();
    expect(screen.getByText(/we keep only a one-way fingerprint of your sign-in identity/).textContent).toContain('does not renew the free videos');
  });
});
