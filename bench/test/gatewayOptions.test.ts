// bench/lib/gatewayOptions.mjs: bench/gateway.mjs's options and their refusals.
interface GatewayOptionsModule {
  gatewayBenchOptions(argv: string[]): { joins: number; servers: number; only: string | null };
}
const OPTIONS = '../lib/gatewayOptions.mjs';

let gatewayBenchOptions: GatewayOptionsModule['gatewayBenchOptions'];
beforeAll(async () => {
  ({ gatewayBenchOptions } = (await import(OPTIONS)) as GatewayOptionsModule);
});

describe('gatewayBenchOptions', () => {
  it('measures 1,000 joins and 10,000 servers unless told otherwise', () => {
    expect(gatewayBenchOptions([])).toEqual({ joins: 1000, servers: 10_000, only: null });
    expect(gatewayBenchOptions(['--joins', '20', '--servers', '50', '--only', 'servers'])).toEqual({
      joins: 20,
      servers: 50,
      only: 'servers',
    });
  });

  it('refuses a count that is not a whole number in range, naming the option and the value', () => {
    expect(() => gatewayBenchOptions(['--joins', '0'])).toThrow(
      '--joins takes a whole number from 1 to 10000 (got 0)',
    );
    expect(() => gatewayBenchOptions(['--servers', '2.5'])).toThrow('(got 2.5)');
    expect(() => gatewayBenchOptions(['--servers', '50001'])).toThrow('from 1 to 50000');
    expect(() => gatewayBenchOptions(['--joins'])).toThrow('(got nothing)');
  });

  it('refuses a part it does not know', () => {
    expect(() => gatewayBenchOptions(['--only', 'memory'])).toThrow(
      '--only takes joins or servers (got memory)',
    );
    expect(() => gatewayBenchOptions(['--only'])).toThrow('(got nothing)');
  });
});
