import { MemoryRouter } from 'react-router-dom';
import { accountUser, renderWithQueries, type QueriesOptions } from '@lipcast/web-kit/testing';
import Creator from '../pages/Creator';
import OneShot from '../pages/OneShot';

/** Signed in as user u1, whose fetched data stays fresh for the whole test (nothing refetched behind its back). */
const SIGNED_IN: QueriesOptions = { account: accountUser({ id: 'u1' }), staleTime: Infinity };

/** The Creator page as user u1 sees it. */
export const renderCreator = () =>
  renderWithQueries(
    <MemoryRouter>
      <Creator />
    </MemoryRouter>,
    SIGNED_IN,
  );

/** The One Shot page as user u1 sees it. */
export const renderOneShot = () => renderWithQueries(<OneShot />, SIGNED_IN);
