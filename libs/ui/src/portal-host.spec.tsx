import { render, screen } from '@testing-library/react';
import { Dialog, DialogContent } from './dialog';
import { PORTAL_HOST_ATTRIBUTE, portalContainer } from './portal-host';

const hosts = () => document.body.querySelectorAll(`:scope > [${PORTAL_HOST_ATTRIBUTE}]`);

describe(portalContainer.name, () => {
  afterEach(() => {
    delete (globalThis as { __LIPCAST_REMOTE__?: string }).__LIPCAST_REMOTE__;
    for (const host of hosts()) host.remove();
  });

  it('is <body> (undefined) in the shell, whose build names no remote', () => {
    expect(portalContainer()).toBeUndefined();
    expect(hosts()).toHaveLength(0);
  });

  it("gives a remote one host at the end of <body>, carrying the remote's name for its scoped styles", () => {
    const host = portalContainer('mfe_wizard')!;
    expect(host.parentElement).toBe(document.body);
    expect(host.getAttribute('data-remote')).toBe('mfe_wizard');
    expect(portalContainer('mfe_wizard')).toBe(host);
    expect(portalContainer('mfe_billing')).not.toBe(host);
    expect(hosts()).toHaveLength(2);
  });

  it("renders a remote's dialog inside that remote's host", () => {
    (globalThis as { __LIPCAST_REMOTE__?: string }).__LIPCAST_REMOTE__ = 'mfe_content';
    render(
      <Dialog open>
        <DialogContent title="Report" description="What is wrong?" />
      </Dialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Report' }).closest('[data-portal-host]')?.getAttribute('data-remote')).toBe('mfe_content');
  });
});
