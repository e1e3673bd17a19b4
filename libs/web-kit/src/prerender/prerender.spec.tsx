/** @jest-environment node */
import { Link } from 'react-router-dom';
import { PRERENDERED_SLOT } from '@lipcast/contracts';
import { useAccount } from '../account';
import { PrerenderedSlot, renderForVisitor } from './index';

function AccountProbe() {
  const { isSignedIn, isLoading } = useAccount();
  return <p>{isLoading ? 'loading' : isSignedIn ? 'signed in' : 'visitor'}</p>;
}

describe(renderForVisitor.name, () => {
  it('renders a page as a signed-out visitor sees it, with router links, without fetching', () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    const html = renderForVisitor('/terms', (
      <>
        <AccountProbe />
        <Link to="/pricing">Pricing</Link>
      </>
    ));
    expect(html).toContain('<p>visitor</p>');
    expect(html).toContain('href="/pricing"');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('renders the slot as the marker the gateway replaces', () => {
    expect(renderForVisitor('/', <main><PrerenderedSlot /></main>)).toBe(`<main>${PRERENDERED_SLOT}</main>`);
  });
});
