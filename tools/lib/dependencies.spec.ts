import { chooseSource, machineNatsUrl, machinePostgresUrl } from './dependencies.ts';
import { findOrInstallNatsServer, NATS_INSTALL_HINTS, type NatsServerHost } from './nats-server.ts';

describe('where PostgreSQL and NATS come from', () => {
  const answering = (...urls: string[]) => async (url: string) => urls.includes(url);

  it('uses a configured URL without probing, even when something answers on the default port', async () => {
    const probe = jest.fn(answering(machinePostgresUrl({})));
    await expect(chooseSource('PostgreSQL', 'postgresql://db.internal:5432/lipcast', machinePostgresUrl({}), probe, false)).resolves.toEqual({
      kind: 'configured',
      url: 'postgresql://db.internal:5432/lipcast',
    });
    expect(probe).not.toHaveBeenCalled();
  });

  it("uses what answers on this machine's default port", async () => {
    const url = machineNatsUrl({});
    expect(url).toBe('nats://127.0.0.1:4222');
    await expect(chooseSource('NATS', undefined, url, answering(url), false)).resolves.toEqual({ kind: 'machine', url });
  });

  it('starts an embedded server when nothing is configured or answering', async () => {
    await expect(chooseSource('PostgreSQL', undefined, machinePostgresUrl({}), answering(), false)).resolves.toEqual({ kind: 'embedded' });
  });

  it('probes the ports the settings name', () => {
    expect(machinePostgresUrl({ LIPCAST_PROBE_POSTGRES_PORT: '15432' })).toBe('postgresql://postgres@127.0.0.1:15432/lipcast');
    expect(machineNatsUrl({ LIPCAST_PROBE_NATS_PORT: '14222' })).toBe('nats://127.0.0.1:14222');
  });

  it('refuses to start anything embedded in production, and does not fall back to the default port', async () => {
    const probe = jest.fn(answering(machinePostgresUrl({})));
    await expect(chooseSource('PostgreSQL', undefined, machinePostgresUrl({}), probe, true)).rejects.toThrow(/DATABASE_URL is required with NODE_ENV=production/);
    await expect(chooseSource('NATS', undefined, machineNatsUrl({}), probe, true)).rejects.toThrow(/NATS_URL is required with NODE_ENV=production/);
    expect(probe).not.toHaveBeenCalled();
    await expect(chooseSource('NATS', 'nats://nats:4222', machineNatsUrl({}), probe, true)).resolves.toEqual({ kind: 'configured', url: 'nats://nats:4222' });
  });
});

describe('finding nats-server', () => {
  beforeEach(() => jest.spyOn(console, 'log').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  function host(overrides: Partial<NatsServerHost> & { files?: string[] } = {}) {
    const files = new Set(overrides.files ?? []);
    const installDebianPackage = jest.fn(() => {
      files.add('/usr/sbin/nats-server');
      return true;
    });
    return {
      installDebianPackage,
      host: { path: '/usr/local/bin:/usr/bin', platform: 'linux', isRoot: false, isDebian: true, installDebianPackage, isExecutable: (file: string) => files.has(file), ...overrides } as NatsServerHost,
    };
  }

  it('uses the first nats-server on the PATH', () => {
    const { host: machine, installDebianPackage } = host({ isRoot: true, files: ['/usr/bin/nats-server', '/opt/nats/nats-server'], path: '/opt/nats:/usr/bin' });
    expect(findOrInstallNatsServer(machine)).toBe('/opt/nats/nats-server');
    expect(installDebianPackage).not.toHaveBeenCalled();
  });

  it("uses Debian's binary in /usr/sbin even when /usr/sbin is not on the PATH", () => {
    expect(findOrInstallNatsServer(host({ files: ['/usr/sbin/nats-server'] }).host)).toBe('/usr/sbin/nats-server');
  });

  it("installs Debian's package as root on Debian/Ubuntu when there is none", () => {
    const { host: machine, installDebianPackage } = host({ isRoot: true });
    expect(findOrInstallNatsServer(machine)).toBe('/usr/sbin/nats-server');
    expect(installDebianPackage).toHaveBeenCalledTimes(1);
  });

  it('stops with a message when the install fails', () => {
    const { host: machine } = host({ isRoot: true, installDebianPackage: () => false });
    expect(() => findOrInstallNatsServer(machine)).toThrow(/apt-get install nats-server failed/);
  });

  it('prints the install line for the platform instead of installing without root or off Debian', () => {
    const notRoot = host({ isRoot: false });
    expect(() => findOrInstallNatsServer(notRoot.host)).toThrow(NATS_INSTALL_HINTS.linux!);
    expect(notRoot.installDebianPackage).not.toHaveBeenCalled();
    const mac = host({ platform: 'darwin', isDebian: false, isRoot: true });
    expect(() => findOrInstallNatsServer(mac.host)).toThrow('brew install nats-server');
    expect(mac.installDebianPackage).not.toHaveBeenCalled();
    expect(() => findOrInstallNatsServer(host({ platform: 'win32', isDebian: false }).host)).toThrow(NATS_INSTALL_HINTS.win32!);
    expect(() => findOrInstallNatsServer(host({ platform: 'freebsd', isDebian: false }).host)).toThrow(NATS_INSTALL_HINTS.other);
  });

  it('finds nats-server.exe on a Windows PATH', () => {
    const { host: windows } = host({ platform: 'win32', isDebian: false, path: 'C:\\nats;C:\\Windows', files: ['C:\\nats\\nats-server.exe'] });
    expect(findOrInstallNatsServer(windows)).toBe('C:\\nats\\nats-server.exe');
  });
});
