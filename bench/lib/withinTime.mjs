/**
 * `promise`'s value, or an error naming `what` once `ms` have passed: a benchmark step that hangs
 * (a browser that never answers) must end the step, not the whole run.
 */
export function withinTime(promise, ms, what) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
