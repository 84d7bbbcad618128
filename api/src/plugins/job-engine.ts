import fp from 'fastify-plugin';
import { queueDepths, retryStartupRace, startJobEngine, type Jobs } from '../lib/job-engine';
import { setQueueDepthSource } from '../lib/metrics';

export interface JobEnginePluginOptions {
  /** false runs no engine (most tests): `app.jobs.register` then sets nothing up */
  enabled: boolean;
}

/**
 * `app.jobs`: the job engine (pg-boss, in the database, after its migrations). Whoever owns a job
 * sets it up through `app.jobs.register` (the maintenance plugin, the member-updates feature); the
 * engine stops when the app closes, waiting up to 10 s for the jobs in hand.
 */
export const jobEnginePlugin = fp<JobEnginePluginOptions>(
  async (app, { enabled }) => {
    const engine = enabled ? await startJobEngine(app.database, app.log) : null;
    // the queues set up so far, in that order, for job_queue_depth
    const queues: string[] = [];
    if (engine) {
      app.addHook('onClose', async () => {
        setQueueDepthSource(null);
        await engine.stop({ graceful: true, wait: true, timeout: 10_000 });
      });
      setQueueDepthSource(() => queueDepths(engine, queues));
    }
    const jobs: Jobs = {
      engine,
      async register(queue, setup) {
        if (!engine) return null;
        const registered = await retryStartupRace(() => setup(engine), app.log);
        queues.push(queue);
        return registered;
      },
    };
    app.decorate('jobs', jobs);
  },
  { name: 'job-engine', dependencies: ['database'] },
);
