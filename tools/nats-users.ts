/**
 * `node tools/nats-users.ts [--nkeys]`: fresh credentials for the five NATS users of deploy/nats,
 * printed as the server's variables and each process's.
 */
import { NATS_USERS, newNatsUsers } from './lib/nats-users.ts';

const lines = (variables: Record<string, string>) => Object.entries(variables).map(([name, value]) => `${name}=${value}`).join('\n');

const kind = process.argv.includes('--nkeys') ? 'nkey' : 'password';
const users = newNatsUsers(kind);
const config = kind === 'nkey' ? 'deploy/nats/nats-server-nkeys.conf' : 'deploy/nats/nats-server.conf';
console.log(`# nats-server -c ${config}, with:\n${lines(users.server)}`);
for (const user of NATS_USERS) console.log(`\n# the ${user} process:\n${lines(users.processes[user])}`);
