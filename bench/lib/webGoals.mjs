// The web goals (docs/performance.md › Where it stands), judged on one run of the benchmark: a row per goal, "met" or "not met"
// on each transport it was measured on, so the table says plainly where the app stands that day.

/** The goals (Lighthouse mobile preset; sizes weighed as CI does). */
export const WEB_GOALS = {
  landingLcpMs: 1500,
  landingScore: 95,
  landingJsBytes: 150_000,
  dashboardLcpMs: 2000,
  remoteEntryGzipBytes: 10_000,
};

const verdict = (met) => (met ? 'met' : 'not met');
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

/**
 * `plain` and `oneOrigin`: each `{ landing, dashboard }`, the medians of Lighthouse's runs
 * (`lcp` in ms, `score`, `jsTransfer` in bytes); `remoteEntries`: `{ name, gzip }` per remote.
 */
export function webGoalRows({ plain, oneOrigin, remoteEntries }) {
  const g = WEB_GOALS;
  const landingMet = (page) => page.lcp <= g.landingLcpMs && page.score >= g.landingScore;
  const both = (judge) =>
    `${verdict(judge(plain))} on plain HTTP/1.1; ${verdict(judge(oneOrigin))} on one HTTPS origin`;
  const oversized = remoteEntries.filter((entry) => entry.gzip > g.remoteEntryGzipBytes);
  return [
    {
      section: 'web',
      figure: `goal: landing LCP ≤ ${seconds(g.landingLcpMs)}, score ≥ ${g.landingScore}`,
      value: both((run) => landingMet(run.landing)),
      baseline: `${seconds(plain.landing.lcp)} / ${plain.landing.score}; ${seconds(oneOrigin.landing.lcp)} / ${oneOrigin.landing.score}`,
    },
    {
      section: 'web',
      figure: `goal: landing JS ≤ ${g.landingJsBytes / 1000} KB compressed`,
      value: both((run) => run.landing.jsTransfer <= g.landingJsBytes),
      baseline: `${(plain.landing.jsTransfer / 1000).toFixed(1)} KB; ${(oneOrigin.landing.jsTransfer / 1000).toFixed(1)} KB`,
    },
    {
      section: 'web',
      figure: `goal: each remoteEntry.js ≤ ${g.remoteEntryGzipBytes / 1000} KB gzip`,
      value: verdict(oversized.length === 0),
      baseline: oversized.length ? `over: ${oversized.map((entry) => entry.name).join(', ')}` : '',
    },
    {
      section: 'web',
      figure: `goal: signed-in /dashboard LCP ≤ ${seconds(g.dashboardLcpMs)} cold`,
      value: both((run) => run.dashboard.lcp <= g.dashboardLcpMs),
      baseline: `${seconds(plain.dashboard.lcp)}; ${seconds(oneOrigin.dashboard.lcp)}`,
    },
  ];
}
