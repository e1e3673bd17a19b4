import { rolesAtSignIn } from './admin-role';

describe('rolesAtSignIn', () => {
  const settings = { ADMIN_USERS: 'Alice, ops@example.com', ADMIN_GROUPS: 'lipcast-admins,SRE' };

  it('makes operators of the listed usernames and e-mail addresses, whatever their case', () => {
    expect(rolesAtSignIn(settings, { username: 'alice', email: null, groups: [] })).toEqual(['admin']);
    expect(rolesAtSignIn(settings, { username: 'someone', email: 'OPS@example.com', groups: [] })).toEqual(['admin']);
  });

  it('makes operators of members of a listed group', () => {
    expect(rolesAtSignIn(settings, { username: 'bob', email: 'bob@example.com', groups: ['staff', 'sre'] })).toEqual(['admin']);
  });

  it('gives everyone else no role, and nobody a role when both lists are empty', () => {
    expect(rolesAtSignIn(settings, { username: 'alice2', email: 'alice@example.com', groups: ['lipcast'] })).toEqual([]);
    expect(rolesAtSignIn({ ADMIN_USERS: '', ADMIN_GROUPS: '' }, { username: 'admin', email: null, groups: ['lipcast-admins'] })).toEqual([]);
  });
});
