import { act, fireEvent, render, screen } from '@testing-library/react';
import { loadRemotePage } from './remotes';
import { RemotePage } from './RemotePage';
import { IncompatibleRemoteError } from './shared-skew';

jest.mock('./remotes', () => ({ loadRemotePage: jest.fn() }));
const loadRemotePageMock = jest.mocked(loadRemotePage);

function Pricing() {
  return <h1>Pricing</h1>;
}

describe(RemotePage.name, () => {
  beforeEach(() => {
    loadRemotePageMock.mockReset();
    // React reports errors caught by a boundary on the console; here they are expected.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows the "Loading..." fallback, then the remote page', async () => {
    loadRemotePageMock.mockResolvedValueOnce({ default: Pricing });

    render(<RemotePage remote="mfe_billing" module="./Pricing" />);

    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Pricing' })).toBeTruthy();
    expect(loadRemotePageMock).toHaveBeenCalledWith('mfe_billing', './Pricing', false);
  });

  it('contains a failed load in an alert with a Retry that loads the remote afresh', async () => {
    loadRemotePageMock.mockRejectedValueOnce(new Error('ScriptNetworkError')).mockResolvedValueOnce({ default: Pricing });

    render(<RemotePage remote="mfe_billing" module="./Pricing" />);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This part of Lipcast could not be loaded.');
    expect(screen.queryByRole('heading', { name: 'Pricing' })).toBeNull();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));

    expect(await screen.findByRole('heading', { name: 'Pricing' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(loadRemotePageMock).toHaveBeenCalledTimes(2);
    expect(loadRemotePageMock).toHaveBeenLastCalledWith('mfe_billing', './Pricing', true);
  });

  it('tells the person a remote out of step with the shell is being updated, offers Retry, and tells operators why', async () => {
    const refusal = new IncompatibleRemoteError('mfe_billing', [{ name: 'react', requiredVersion: '^17.0.0', providedVersion: '19.3.1' }]);
    loadRemotePageMock.mockRejectedValueOnce(refusal).mockResolvedValueOnce({ default: Pricing });

    render(<RemotePage remote="mfe_billing" module="./Pricing" />);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This part of Lipcast is being updated.');
    expect(alert.textContent).toContain('Try again in a minute.');
    expect(alert.textContent).not.toContain('react');
    expect(console.error).toHaveBeenCalledWith(
      "Lipcast refused mfe_billing: its shared dependencies do not match the shell's.",
      [{ name: 'react', requiredVersion: '^17.0.0', providedVersion: '19.3.1' }],
      refusal,
    );

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));

    expect(await screen.findByRole('heading', { name: 'Pricing' })).toBeTruthy();
    expect(loadRemotePageMock).toHaveBeenLastCalledWith('mfe_billing', './Pricing', true);
  });

  it('keeps showing the error when the retry fails too', async () => {
    loadRemotePageMock.mockRejectedValue(new Error('ScriptNetworkError'));

    render(<RemotePage remote="mfe_billing" module="./Pricing" />);
    await screen.findByRole('alert');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));

    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(loadRemotePageMock).toHaveBeenCalledTimes(2);
  });
});
