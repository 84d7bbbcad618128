// A bystander on the emulator's gateway for bench/gateway.mjs: a session of its own (Guilds and
// Server Members intents) that notes when each member's roles first include a given role. The
// emulator sends GUILD_MEMBER_UPDATE to every such session the moment a member's roles change, the
// bot's own PATCH included (emulator/README.md › Gateway), so the time noted is when the role
// write landed, without polling the emulator's state.
import WebSocket from 'ws';

const GUILDS = 1 << 0;
const GUILD_MEMBERS = 1 << 1;

/**
 * Connects, identifies on shard [0, 1] and resolves once READY arrived. `rolesSeen` maps a user id
 * to the first time (ms, Date.now()) an update gave them `roleId` in `guildId`.
 */
export async function observeRoles({ emulatorUrl, token, guildId, roleId }) {
  const info = await fetch(`${emulatorUrl}/api/v10/gateway/bot`, {
    // Discord (and the emulator) refuse API calls without a DiscordBot User-Agent
    headers: {
      authorization: `Bot ${token}`,
      'user-agent': 'DiscordBot (https://github.com/roconnect/roconnect, bench)',
    },
  });
  if (!info.ok) throw new Error(`GET /gateway/bot answered ${info.status}`);
  const { url } = await info.json();
  const socket = new WebSocket(`${url}?v=10&encoding=json`);
  const rolesSeen = new Map();
  let sessionId = null;
  let heartbeat;
  let seq = null;
  const ready = new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('close', (code) => reject(new Error(`the observer's gateway closed with ${code}`)));
    socket.on('message', (raw) => {
      const payload = JSON.parse(String(raw));
      if (payload.s) seq = payload.s;
      if (payload.op === 10) {
        heartbeat = setInterval(
          () => socket.send(JSON.stringify({ op: 1, d: seq })),
          payload.d.heartbeat_interval,
        );
        socket.send(
          JSON.stringify({
            op: 2,
            d: {
              token,
              intents: GUILDS | GUILD_MEMBERS,
              shard: [0, 1],
              properties: { os: 'linux', browser: 'roconnect-bench', device: 'roconnect-bench' },
            },
          }),
        );
      } else if (payload.t === 'READY') {
        sessionId = payload.d.session_id;
        resolve();
      } else if (payload.t === 'GUILD_MEMBER_UPDATE' && payload.d.guild_id === guildId) {
        const userId = payload.d.user.id;
        if (!rolesSeen.has(userId) && payload.d.roles.includes(roleId))
          rolesSeen.set(userId, Date.now());
      }
    });
  });
  try {
    await ready;
  } catch (error) {
    clearInterval(heartbeat);
    socket.terminate();
    throw error;
  }
  return {
    sessionId,
    rolesSeen,
    close() {
      clearInterval(heartbeat);
      socket.removeAllListeners('close');
      socket.close(1000);
    },
  };
}
