/**
 * @jest-environment node
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

// The rule of eslint.config.mjs that keeps every API call of the web app in the query layer, run
// on small sources as if they were files of the remotes and the shell: each must be reported for
// exactly the problems listed (none: it passes).
const repoRoot = path.resolve(__dirname, '../../..');

const HEADER = `import { useState } from 'react';
import { api, developerApi, httpClient, toast, useApiAction } from '@roconnect/shared-lib';
import { useApiMutation } from '@roconnect/shared-lib/query';
`;

const cases: { name: string; file: string; source: string; problems: string[] }[] = [
  {
    name: 'a write made by hand, with a busy flag reset in finally',
    file: 'mfe-setup/src/features/example/Example.tsx',
    source: `${HEADER}
export function useExample(serverId: string) {
  const [saving, setSaving] = useState(false);
  async function save() {
    setSaving(true);
    try {
      await api.server.editNickname(serverId, 'roblox_username');
      toast.success('Saved');
    } finally {
      setSaving(false);
    }
  }
  return { saving, save };
}
`,
    problems: ['a flag kept by hand', 'through the query layer', 'a flag reset by hand'],
  },
  {
    name: 'a resource client called by hand, in the shell',
    file: 'shell/src/features/example/useExample.ts',
    source: `${HEADER}
export const revoke = (serverId: string) => developerApi.revokeApiKey(serverId, '1');
`,
    problems: ['through the query layer'],
  },
  {
    name: 'the HTTP client called by hand',
    file: 'mfe-accounts/src/features/example/useExample.ts',
    source: `${HEADER}
export const raw = async () => (await httpClient()).post('/api/v1/anything', {});
`,
    problems: ['not the HTTP client'],
  },
  {
    name: 'the same write as a mutation',
    file: 'mfe-servers/src/features/example/Example.tsx',
    source: `${HEADER}
export function useExample(serverId: string) {
  const save = useApiMutation({
    call: () => api.server.editNickname(serverId, 'roblox_username'),
    success: 'Saved',
  });
  return { saving: save.isPending, save: () => save.run() };
}
`,
    problems: [],
  },
  {
    name: "the login's call made by hand, with a busy flag",
    file: 'mfe-public/src/parcels/Login/Login.tsx',
    source: `${HEADER}
export function useStart() {
  const [busy, setBusy] = useState(false);
  async function start() {
    setBusy(true);
    await api.auth.discordUrl().catch(() => setBusy(false));
  }
  return { busy, start };
}
`,
    problems: ['a flag kept by hand', 'through the query layer'],
  },
  {
    name: "the login's call as an action (the landing's script keeps the query layer out)",
    file: 'mfe-public/src/parcels/Login/Login.tsx',
    source: `${HEADER}
export function useStart() {
  const start = useApiAction({ call: () => api.auth.discordUrl() });
  return { busy: start.isPending, start: () => start.run() };
}
`,
    problems: [],
  },
  {
    name: "the shell's logout as an action, its busy state the action's",
    file: 'shell/src/features/dashboard/useLogout.ts',
    source: `${HEADER}
import { session } from '@roconnect/shared-lib';
export function useLogout() {
  const { run, isPending } = useApiAction({ call: () => session.logout() });
  return { logout: () => run(), loggingOut: isPending };
}
`,
    problems: [],
  },
  {
    name: "the landing's read of the bot counts, outside the rule",
    file: 'mfe-public/src/parcels/Landing/useBotStats.ts',
    source: `${HEADER}
export async function counts() {
  return api.public.botStats();
}
`,
    problems: [],
  },
];

/** Lints each source with the repository's config, in one ESLint process. */
function lintAll(): string[][] {
  const script = `
    const { ESLint } = require('eslint');
    const cases = JSON.parse(process.argv[1]);
    (async () => {
      const eslint = new ESLint({ cwd: ${JSON.stringify(repoRoot)} });
      const out = [];
      for (const { file, source } of cases) {
        const [result] = await eslint.lintText(source, { filePath: file });
        out.push(result.messages.map((m) => (m.ruleId ?? 'fatal') + ': ' + m.message));
      }
      process.stdout.write(JSON.stringify(out));
    })().catch((error) => { console.error(error); process.exit(1); });
  `;
  const input = JSON.stringify(cases.map(({ file, source }) => ({ file, source })));
  return JSON.parse(
    execFileSync(process.execPath, ['-e', script, input], { cwd: repoRoot, encoding: 'utf8' }),
  ) as string[][];
}

describe('eslint.config.mjs: every API call of the web app goes through the query layer', () => {
  let reported: string[][];
  beforeAll(() => {
    reported = lintAll();
  }, 120_000);

  it.each(cases.map((c, index) => [c.name, index] as const))('%s', (_name, index) => {
    // the sources import more than each uses: only this rule's findings count (and no parse error)
    expect(reported[index]!.filter((m) => m.startsWith('fatal'))).toEqual([]);
    const messages = reported[index]!.filter((m) => m.startsWith('no-restricted-syntax: '));
    const { problems } = cases[index]!;
    expect(messages).toHaveLength(problems.length);
    problems.forEach((problem, at) => expect(messages[at]).toContain(problem));
  });
});
