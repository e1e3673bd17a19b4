import { act, render, screen } from '@testing-library/react';
import { loadRemotePage } from '../remotes';
import { GlobalPaywall } from './GlobalPaywall';

jest.mock('../remotes', () => ({ loadRemotePage: jest.fn() }));
const loadRemotePageMock = jest.mocked(loadRemotePage);

function FakePaywall() {
  return <p>paywall ready</p>;
}

function BrokenPaywall(): never {
  throw new Error('paywall crashed');
}

describe(GlobalPaywall.name, () => {
  beforeEach(() => {
    loadRemotePageMock.mockReset();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it("loads billing's paywall after the first render and mounts it in billing's style scope", async () => {
    let resolve: (module: { default: typeof FakePaywall }) => void = () => undefined;
    loadRemotePageMock.mockReturnValueOnce(new Promise((done) => (resolve = done)));

    const { container } = render(<GlobalPaywall />);

    expect(container.innerHTML).toBe('');
    expect(loadRemotePageMock).toHaveBeenCalledWith('mfe_billing', './Paywall', false);
    await act(async () => resolve({ default: FakePaywall }));
    const sut = screen.getByText('paywall ready');
    expect(sut.closest('[data-remote="mfe_billing"]')).not.toBeNull();
  });

  it('renders nothing when the remote cannot be loaded', async () => {
    loadRemotePageMock.mockRejectedValueOnce(new Error('ScriptNetworkError'));

    const { container } = render(<GlobalPaywall />);
    await act(async () => undefined);

    expect(container.innerHTML).toBe('');
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('could not be loaded'), expect.any(Error));
  });

  it('renders nothing when the paywall itself fails', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    loadRemotePageMock.mockResolvedValueOnce({ default: BrokenPaywall });

    const { container } = render(<GlobalPaywall />);
    await act(async () => undefined);

    expect(container.innerHTML).toBe('');
    expect(console.warn).toHaveBeenCalledWith('The paywall failed:', expect.any(Error));
  });
});
