// The deploy checks: deploy/Dockerfile and compose.yaml read as text and held against the stack
// `npm start` runs, so an image that would copy, start or health-check something else than what
// the stack's tests prove fails a test here (tools/test/images.test.ts). No Docker daemon runs on
// this project's machines: what the images build is each workspace's own `npm run build`.
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

/** The lowest Node major an image may run (docs/production.md › Containers). */
export const LOWEST_NODE_MAJOR = 22;

/**
 * A Dockerfile's stages: `{ name, from, lines: [{ instruction, args }] }`, continued lines joined,
 * comments dropped, and `${ARG}` in FROM replaced by the global ARG's default.
 */
export function readStages(text) {
  const globals = {};
  const stages = [];
  const joined = text
    .replace(/\\\n(\s*#.*\n)*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  for (const line of joined) {
    const [, instruction, args] = /^(\S+)\s*(.*)$/.exec(line);
    const upper = instruction.toUpperCase();
    if (upper === 'FROM') {
      const [from, , name] = args
        .replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a, b) => globals[a ?? b] ?? '')
        .split(/\s+/);
      stages.push({ name: name?.toLowerCase(), from, lines: [] });
    } else if (stages.length === 0 && upper === 'ARG') {
      const [key, value = ''] = args.split('=');
      globals[key] = value;
    } else if (stages.length > 0) stages.at(-1).lines.push({ instruction: upper, args });
  }
  return stages;
}

/** A stage and the stages it is built FROM, the earliest first. */
export function lineage(stages, name) {
  const chain = [];
  for (let stage = stages.find((s) => s.name === name); stage;) {
    chain.unshift(stage);
    stage = stages.find((s) => s.name === stage.from.toLowerCase());
  }
  return chain;
}

/**
 * What an image (target `name` built with `args`) is: its ENV, WORKDIR (absolute), CMD and
 * HEALTHCHECK's command (exec form), and its COPYs `{ from, sources, dest, into }`, with `${ARG}`s
 * replaced by `args`.
 */
export function imageOf(stages, name, args = {}) {
  const image = { env: {}, workdir: '/', cmd: null, healthcheck: null, copies: [], user: null };
  const expand = (value) =>
    value.replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a, b) => args[a ?? b] ?? image.env[a ?? b] ?? '');
  for (const stage of lineage(stages, name)) {
    for (const { instruction, args: text } of stage.lines) {
      if (instruction === 'ENV')
        for (const [, key, value] of text.matchAll(/(\w+)=("[^"]*"|\S+)/g))
          image.env[key] = expand(value.replace(/^"|"$/g, ''));
      else if (instruction === 'WORKDIR')
        image.workdir = path.posix.resolve(image.workdir, expand(text));
      else if (instruction === 'CMD') image.cmd = JSON.parse(text);
      else if (instruction === 'USER') image.user = text;
      else if (instruction === 'HEALTHCHECK')
        image.healthcheck = JSON.parse(text.slice(text.indexOf('CMD ') + 4));
      else if (instruction === 'COPY' && stage.name === name) {
        const words = text.split(/\s+/).map(expand);
        const from = words.find((w) => w.startsWith('--from='))?.slice(7) ?? null;
        const paths = words.filter((w) => !w.startsWith('--'));
        const dest = paths.at(-1);
        image.copies.push({
          from,
          sources: paths.slice(0, -1),
          dest: path.posix.resolve(image.workdir, dest),
          // a destination ending in / (or several sources) is a folder the sources go into
          into: dest.endsWith('/') || paths.length > 2,
        });
      }
    }
  }
  return image;
}

/**
 * What is wrong with the base images (`FROM` anything but an earlier stage): not an official node
 * image, below LOWEST_NODE_MAJOR, not pinned by digest, or more than one.
 */
export function baseProblems(stages, file) {
  const problems = [];
  const bases = new Set();
  const earlier = [];
  for (const { name, from } of stages) {
    if (!earlier.includes(from.toLowerCase())) {
      bases.add(from);
      const m = /^node:(\d+)-[a-z0-9.-]+(@sha256:[0-9a-f]{64})?$/.exec(from);
      if (!m) problems.push(`${file}: FROM ${from} is not node:<major>-<variant>@sha256:<digest>`);
      else {
        if (Number(m[1]) < LOWEST_NODE_MAJOR)
          problems.push(`${file}: FROM ${from} runs Node ${m[1]}, below ${LOWEST_NODE_MAJOR}`);
        if (!m[2]) problems.push(`${file}: FROM ${from} is not pinned by digest`);
      }
    }
    if (name) earlier.push(name);
  }
  // one base: the shared deps stage is then one build cache, and a refresh changes every image
  if (bases.size > 1) problems.push(`${file}: ${bases.size} base images, not one`);
  return problems;
}

/** The files a module imports by relative path, itself included, followed (ESM, .mjs/.js). */
export function relativeImports(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = fs.readFileSync(file, 'utf8');
  for (const [, spec] of text.matchAll(/^\s*(?:import|export)[^'"]*from\s+'(\.{1,2}\/[^']+)'/gm))
    relativeImports(path.resolve(path.dirname(file), spec), seen);
  return seen;
}

/**
 * What is wrong with an image against the repository at `root` (the image's /app): a COPY from
 * the build context of a path that is not there, a CMD whose program is neither copied from the
 * context nor from the build, a program whose relative imports were not copied, no HEALTHCHECK,
 * or root as its user.
 */
export function imageProblems(image, root, label) {
  const problems = [];
  const inApp = (p) => path.posix.relative('/app', p);
  const fromContext = image.copies.filter((c) => c.from === null);
  for (const { sources } of fromContext)
    for (const source of sources)
      if (!fs.existsSync(path.join(root, source)))
        problems.push(`${label}: COPY ${source}: not in the repository`);
  const copied = (file) =>
    image.copies.some(({ sources, dest, into }) =>
      sources.some((source) => {
        const target = into ? path.posix.join(dest, path.basename(source)) : dest;
        return file === inApp(target) || file.startsWith(`${inApp(target)}/`);
      }),
    );
  if (!image.cmd || image.cmd[0] !== 'node') problems.push(`${label}: CMD is not node itself`);
  else {
    const program = inApp(path.posix.resolve(image.workdir, image.cmd.at(-1)));
    if (!copied(program)) problems.push(`${label}: CMD runs ${program}, which no COPY puts there`);
    else if (fs.existsSync(path.join(root, program)))
      for (const file of relativeImports(path.join(root, program))) {
        const relative = path.relative(root, file);
        if (!copied(relative))
          problems.push(`${label}: ${program} imports ${relative}, which no COPY puts there`);
      }
  }
  if (!image.healthcheck) problems.push(`${label}: no HEALTHCHECK`);
  if (image.user !== 'node') problems.push(`${label}: runs as ${image.user ?? 'root'}, not node`);
  return problems;
}

/** An env file's NAME=value lines. */
export function readEnvFile(file) {
  const env = {};
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line.trim());
    if (m) env[m[1]] = m[2];
  }
  return env;
}

/** Compose's interpolation: ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, $$. */
function interpolate(value, env, missing) {
  if (typeof value === 'string')
    return value.replace(
      /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g,
      (match, name, op, word) => {
        if (match === '$$') return '$';
        const v = env[name];
        const empty = v === undefined || (op?.startsWith(':') && v === '');
        if (op?.endsWith('?') && empty) {
          missing.push(`${name}: ${word}`);
          return '';
        }
        if (op?.endsWith('-') && empty) return word;
        return v ?? '';
      },
    );
  if (Array.isArray(value)) return value.map((v) => interpolate(v, env, missing));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, interpolate(v, env, missing)]),
    );
  return value;
}

/**
 * compose.yaml as `docker compose config` makes it with the variables `env`: `{ services,
 * networks, missing }`, `missing` naming each required variable left unset.
 */
export function composeWith(composeFile, env) {
  const missing = [];
  const doc = interpolate(
    YAML.parse(fs.readFileSync(composeFile, 'utf8'), { merge: true }),
    env,
    missing,
  );
  return { services: doc.services, networks: doc.networks ?? {}, missing };
}
