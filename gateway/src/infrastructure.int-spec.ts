import { readEnv, ServiceSettings } from '@lipcast/nest-kit';
import pg from 'pg';
import { gatewayPool } from './infrastructure';

const settings = readEnv(ServiceSettings);

describe(gatewayPool.name, () => {
  const warnings: string[] = [];
  const pool = gatewayPool(settings.DATABASE_URL, { warn: (_context: unknown, message: string) => warnings.push(message) } as never);
  const admin = new pg.Client({ connectionString: settings.DATABASE_URL });

  beforeAll(() => admin.connect());
  afterAll(async () => {
    await admin.end();
    await pool.end();
  });

  it('survives the backend of a checked-out client being terminated: the failure is logged, the next query gets a new connection', async () => {
    const client = await pool.connect();
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const ended = new Promise((resolve) => client.once('end', resolve));
    await admin.query('select pg_terminate_backend($1)', [rows[0].pid]);
    await ended;
    client.release(true);

    expect(warnings).toContain('PostgreSQL connection failed');
    expect((await pool.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });
});
