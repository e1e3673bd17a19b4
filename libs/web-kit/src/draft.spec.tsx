import { act, fireEvent, screen } from '@testing-library/react';
import { LOGOUT_URL, navigateAway } from './session';
import { browser } from './browser';
import { useDraft } from './draft';
import { accountUser, renderWithQueries } from './testing';

function Field() {
  const [text, setText, clear] = useDraft('note', '');
  return (
    <>
      <label>
        Note
        <textarea value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <button onClick={clear}>Done</button>
    </>
  );
}

const note = () => (screen.getByLabelText('Note') as HTMLTextAreaElement).value;
const renderAs = (id: string) => renderWithQueries(<Field />, { account: accountUser({ id }) });

describe('useDraft', () => {
  beforeEach(() => localStorage.clear());

  it('keeps a draft through a reload for its user only, until the work is done', () => {
    const first = renderAs('u1');
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Hello there' } });
    first.unmount();

    const again = renderAs('u1');
    expect(note()).toBe('Hello there');
    again.unmount();

    const other = renderAs('u2');
    expect(note()).toBe('');
    other.unmount();

    renderAs('u1');
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(note()).toBe('Hello there'); // still shown, no longer kept
    expect(localStorage.getItem('lipcast.draft.u1.note')).toBeNull();
  });

  it('forgets every draft on signing out', () => {
    jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const page = renderAs('u1');
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Hello there' } });
    page.unmount();
    act(() => void navigateAway(LOGOUT_URL, 'Logout failed'));
    renderAs('u1');
    expect(note()).toBe('');
    jest.restoreAllMocks();
  });
});
