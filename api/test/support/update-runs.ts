/**
 * Updates of all members against the emulator: a generated server (generateLoadSeed) on one stack
 * for the file that runs the job engine in 1 s slices, and runs started and followed through the API.
 */
import { generateLoadSeed } from '@roconnect/emulator';
import { setUpServerAs, useStack, type HttpSession, type StackFixture } from './emulator-flow';
import { insertLoadLinks } from './load-links';
import { until } from './until';

export interface UpdateRunFixture extends StackFixture {
  /** the generated server: its owner, its members and the links of the linked ones */
  readonly load: ReturnType<typeof generateLoadSeed>;
  /** where the server's runs start (POST) and are read (GET …/{job_id}) */
  readonly runs: string;
  /** the owner, signed in, with the server set up (no group) and the linked members' links stored */
  ownerWithLinks(): Promise<HttpSession>;
  /** follows the run `jobId` until it is neither queued nor running; answers it as it ended */
  runEnded(owner: HttpSession, jobId: string): Promise<any>;
}

/** Reads a run with `read` until it is neither queued nor running; answers it as it ended. */
export function untilRunEnds<Run extends { status: string }>(
  read: () => Promise<Run>,
  wait: { timeoutMs: number; everyMs: number } = { timeoutMs: 60_000, everyMs: 200 },
): Promise<Run> {
  return until('the run to end', read, (now) => !['queued', 'running'].includes(now.status), wait);
}

/** What a run `jobId` answers once it has updated all its `total` members, none failed. */
export const allDone = (jobId: string, total: number) => ({
  job_id: jobId,
  status: 'done',
  total,
  done: total,
  failed: 0,
});

export function useUpdateRunStack(size: { members: number; linked: number }): UpdateRunFixture {
  const load = generateLoadSeed(size);
  const fixture = useStack(
    { seed: load.seed, env: { MEMBER_UPDATE_SLICE_SECONDS: '1' }, jobs: true, policies: {} },
    'file',
  );
  const runs = `/api/v1/server/${load.guild_id}/members/update`;
  return {
    ...fixture,
    load,
    runs,
    async ownerWithLinks() {
      const owner = await fixture.signIn(load.owner_id);
      await setUpServerAs(owner, load.guild_id, { syncFirst: true });
      await insertLoadLinks(fixture.tdb.database, load.links);
      return owner;
    },
    runEnded: (owner, jobId) =>
      untilRunEnds(async () => (await owner.call('GET', `${runs}/${jobId}`)).json.data),
  };
}
