import type { MockDb } from '@roconnect/shared-lib/mocks';

/**
 * One server's channels in the mock data (the seed gives each `general`, `logs` and a voice
 * channel): the id of the one named `name`, and a text channel added for one test.
 */
export function mockChannels(db: MockDb, serverId: string) {
  const server = () => db.servers.find((s) => s.server_id === serverId)!;
  return {
    idOf: (name: string) => server().channels.find((c) => c.name === name)!.id,
    addText: (id: string, name: string) =>
      server().channels.push({ id, name, type: 0, bot_can_post: true }),
    /** the bot loses Send Messages there (after the page listed it) */
    deny: (name: string) => {
      server().channels.find((c) => c.name === name)!.bot_can_post = false;
    },
  };
}
