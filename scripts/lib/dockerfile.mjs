// Runs a Dockerfile without Docker: no base image can be pulled on this project's machines, so
// shell/test/dockerfiles.test.ts proves each Dockerfile by doing what `docker build` and
// `docker run` would do with it, on this machine's Node, in a clean temporary folder:
//
// - each stage is a folder standing for the image's file system; `FROM node:<major>-…` starts an
//   empty one (this machine's node, npm and /bin/sh stand for the image's), `FROM <stage>` a copy;
// - COPY copies the named paths from the build context, filtered by its .dockerignore, or from
//   another stage (`--from`); `--chown` and USER are honoured (the image's `node` user is uid 1000);
// - RUN runs its command with `sh -c` in the stage's WORKDIR, with its ENV and ARGs and nothing
//   else from this machine's environment (PATH has node, npm and the system's tools only);
// - CMD starts a container (in a copy of the image's folder), HEALTHCHECK's command runs in it;
// - like Docker's build cache, a RUN whose inputs (the instructions before it, the contents of
//   every file they copied, the build arguments) are those of one already run reuses its result,
//   so Dockerfiles that share a stage install it once. Copies are hard links (fast; the steps
//   here write new files rather than rewrite installed ones).
//
// What a folder cannot stand for is refused, naming the line: an instruction or base image this
// does not know, and an absolute path in RUN, CMD, HEALTHCHECK or ENV (the image's / is a
// temporary folder here; write paths relative to WORKDIR). Nothing is skipped. What it cannot
// prove: that the base image can be pulled, that its Node and npm (a later major than this
// machine's, node:22's npm 10) behave as this machine's, and that no command needs a system tool
// this machine has and the slim image lacks.
// It needs root, to run as the image's users.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Accounts of the official node images (`node` is uid/gid 1000 there). */
const IMAGE_USERS = {
  root: { uid: 0, gid: 0, home: '/root' },
  node: { uid: 1000, gid: 1000, home: '/home/node' },
};
const KNOWN = new Set([
  'FROM',
  'ARG',
  'ENV',
  'WORKDIR',
  'COPY',
  'RUN',
  'USER',
  'EXPOSE',
  'HEALTHCHECK',
  'CMD',
  'LABEL',
  'STOPSIGNAL',
]);
/** Absolute paths a command may name: they mean the same inside an image and here. */
const HOST_PATHS = /^\/(dev|proc)\//;

export class DockerfileError extends Error {
  constructor(where, message) {
    super(`${where}: ${message}`);
    this.name = 'DockerfileError';
  }
}

// ---------------------------------------------------------------------------------------------
// Parsing

/** The logical lines of a Dockerfile: continuations joined, comments and blank lines dropped. */
function logicalLines(text, file) {
  const lines = text.split(/\r?\n/);
  const result = [];
  let pending = null;
  lines.forEach((raw, index) => {
    const trimmed = raw.trim();
    // a comment or blank line inside a continued instruction is dropped, as Docker does
    if (trimmed === '' || trimmed.startsWith('#')) return;
    if (pending === null) pending = { line: index + 1, text: '' };
    const continued = /\\$/.test(trimmed);
    pending.text += continued ? `${trimmed.slice(0, -1).trimEnd()} ` : trimmed;
    if (!continued) {
      result.push(pending);
      pending = null;
    }
  });
  if (pending)
    throw new DockerfileError(`${file}:${pending.line}`, 'the file ends inside a continued line');
  return result;
}

/** Splits shell-like words (quotes and backslashes as Docker's ENV/COPY/… arguments take them). */
export function splitWords(text) {
  const words = [];
  let word = null;
  let quote = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < text.length) word += text[++i];
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      word ??= '';
    } else if (c === '\\' && i + 1 < text.length) {
      word = (word ?? '') + text[++i];
    } else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
    } else {
      word = (word ?? '') + c;
    }
  }
  if (quote) throw new Error(`unterminated ${quote} quote in: ${text}`);
  if (word !== null) words.push(word);
  return words;
}

/** `["a", "b"]` → ['a', 'b'] (exec form), else null (shell form). */
function execForm(args) {
  if (!args.startsWith('[')) return null;
  let parsed;
  try {
    parsed = JSON.parse(args);
  } catch {
    return null; // Docker, too, runs an unparsable [ … ] as a shell command
  }
  return Array.isArray(parsed) && parsed.every((p) => typeof p === 'string') ? parsed : null;
}

/** Leading `--name=value` options of COPY, FROM and HEALTHCHECK. */
function takeOptions(words) {
  const options = {};
  while (words.length && words[0].startsWith('--')) {
    const [name, ...value] = words.shift().slice(2).split('=');
    options[name] = value.join('=');
  }
  return options;
}

/**
 * The Dockerfile as stages: `{ globalArgs, stages: [{ name, from, line, instructions }] }`, each
 * instruction `{ line, keyword, args }` with its own arguments parsed where the form is fixed.
 */
export function parseDockerfile(text, file = 'Dockerfile') {
  const globalArgs = [];
  const stages = [];
  for (const { line, text: content } of logicalLines(text, file)) {
    const where = `${file}:${line}`;
    const match = /^(\S+)\s*(.*)$/.exec(content);
    const keyword = match[1].toUpperCase();
    const args = match[2];
    if (!KNOWN.has(keyword))
      throw new DockerfileError(where, `${keyword} is not an instruction this test can run`);
    const instruction = { line, where, keyword, args };
    if (keyword === 'FROM') {
      const words = splitWords(args);
      const options = takeOptions(words);
      if (options.platform !== undefined)
        throw new DockerfileError(where, 'FROM --platform is not supported here');
      if (!(words.length === 1 || (words.length === 3 && words[1].toUpperCase() === 'AS')))
        throw new DockerfileError(
          where,
          `FROM takes an image and an optional "AS name", got "${args}"`,
        );
      stages.push({ from: words[0], name: words[2]?.toLowerCase(), line, where, instructions: [] });
      continue;
    }
    if (keyword === 'ARG' && stages.length === 0) {
      globalArgs.push(parseArg(args, where));
      continue;
    }
    if (stages.length === 0)
      throw new DockerfileError(where, `${keyword} comes before the first FROM`);
    stages.at(-1).instructions.push(instruction);
  }
  if (stages.length === 0) throw new DockerfileError(file, 'no FROM: not a Dockerfile');
  return { file, globalArgs, stages };
}

function parseArg(args, where) {
  const m = /^([A-Za-z_][A-Za-z0-9_]*)(?:=(.*))?$/.exec(args.trim());
  if (!m) throw new DockerfileError(where, `ARG takes name[=default], got "${args}"`);
  return { name: m[1], default: m[2] === undefined ? undefined : splitWords(m[2]).join(' ') };
}

// ---------------------------------------------------------------------------------------------
// .dockerignore

/** A .dockerignore pattern (Go's filepath.Match plus `**`) as a regular expression. */
function patternRegex(pattern) {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*' && pattern[i + 1] === '*') {
      i++;
      if (pattern[i + 1] === '/') {
        i++;
        source += '(?:.*/)?';
      } else source += '.*';
    } else if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else if (c === '[') {
      const end = pattern.indexOf(']', i);
      source += end > i ? pattern.slice(i, end + 1).replace('[!', '[^') : '\\[';
      if (end > i) i = end;
    } else source += c.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** `path → excluded?` for a .dockerignore's text; the last matching line wins, `!` re-includes. */
export function dockerignoreMatcher(text) {
  const rules = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const negate = l.startsWith('!');
      const clean = path.posix
        .normalize((negate ? l.slice(1) : l).trim())
        .replace(/^\/+|\/+$/g, '');
      return { negate, regex: patternRegex(clean) };
    });
  const excluded = (relative) => {
    // a pattern excludes a path when it matches the path or any folder above it
    const parts = relative.split('/');
    const prefixes = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
    let result = false;
    for (const rule of rules) if (prefixes.some((p) => rule.regex.test(p))) result = !rule.negate;
    return result;
  };
  excluded.reincludes = rules.some((r) => r.negate);
  return excluded;
}

/** Every file of the build context that .dockerignore lets in: relative path → kind. */
function contextEntries(context) {
  const ignoreFile = path.join(context, '.dockerignore');
  const ignored = dockerignoreMatcher(
    fs.existsSync(ignoreFile) ? fs.readFileSync(ignoreFile, 'utf8') : '',
  );
  const entries = new Map();
  const walk = (relative) => {
    for (const dirent of fs.readdirSync(path.join(context, relative), { withFileTypes: true })) {
      const rel = relative ? `${relative}/${dirent.name}` : dirent.name;
      const excluded = ignored(rel);
      if (dirent.isDirectory()) {
        if (!excluded) entries.set(rel, 'dir');
        // below an excluded folder only a `!` line can let something in
        if (!excluded || ignored.reincludes) walk(rel);
      } else if (!excluded) entries.set(rel, dirent.isSymbolicLink() ? 'link' : 'file');
    }
  };
  walk('');
  return entries;
}

// ---------------------------------------------------------------------------------------------
// Building

/** ${VAR}, $VAR, ${VAR:-default} and ${VAR:+alternative}, as Docker expands them. */
export function expand(text, vars) {
  return text.replace(
    /\\\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?::([-+])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (match, name, op, word, bare) => {
      if (match === '\\$') return '$';
      const value = vars[name ?? bare];
      if (op === '-') return value ? value : word;
      if (op === '+') return value ? word : '';
      return value ?? '';
    },
  );
}

const sha = (...parts) => crypto.createHash('sha256').update(parts.join('\0')).digest('hex');

function checkNoAbsolutePaths(text, where, keyword) {
  for (const m of text.matchAll(/(?:^|[\s"'=(,`])(\/[A-Za-z0-9_.-][^\s"'`),;]*)/g)) {
    if (HOST_PATHS.test(m[1])) continue;
    throw new DockerfileError(
      where,
      `${keyword} names the absolute path ${m[1]}: this test runs the image in a temporary folder and maps absolute paths only in WORKDIR and COPY, so use a path relative to WORKDIR`,
    );
  }
}

/** `cp -a` by hard links: a layer's copy costs no disk, and later steps write new files. */
function cloneTree(from, to) {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  const result = spawnSync('cp', ['-al', from, to], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`cp -al ${from} ${to} failed: ${result.stderr}`);
}

function chownTree(target, { uid, gid }) {
  fs.lchownSync(target, uid, gid);
  if (fs.lstatSync(target).isDirectory())
    for (const name of fs.readdirSync(target)) chownTree(path.join(target, name), { uid, gid });
}

/**
 * A build session: a temporary folder, the layers built so far (Docker's build cache) and the
 * npm cache RUN uses (a hard-linked copy of this machine's, so an image's `npm cache clean`
 * empties only the copy). `dispose()` removes it all.
 */
export function createSession({ root = os.tmpdir(), log = () => {} } = {}) {
  if (process.getuid?.() !== 0)
    throw new Error(
      'The Dockerfile test runs the images as their USER (node, uid 1000) and honours chown, which needs root: run it as root (these machines do), or in a container.',
    );
  const dir = fs.mkdtempSync(path.join(root, 'dockerfile-'));
  fs.chmodSync(dir, 0o755); // the images' node user must reach its files inside
  const bin = path.join(dir, 'bin');
  fs.mkdirSync(bin);
  // the base image's PATH has node, npm and npx: this machine's, and no other tool it installed
  fs.symlinkSync(process.execPath, path.join(bin, 'node'));
  const npmDir = path.dirname(path.dirname(resolveNpmCli()));
  fs.symlinkSync(path.join(npmDir, 'bin', 'npm-cli.js'), path.join(bin, 'npm'));
  fs.symlinkSync(path.join(npmDir, 'bin', 'npx-cli.js'), path.join(bin, 'npx'));
  const npmCache = path.join(dir, 'npm-cache');
  const hostCache = spawnSync('npm', ['config', 'get', 'cache'], {
    encoding: 'utf8',
  }).stdout.trim();
  if (hostCache && fs.existsSync(hostCache)) cloneTree(hostCache, npmCache);
  else fs.mkdirSync(npmCache);
  let count = 0;
  return {
    dir,
    bin,
    npmCache,
    log,
    layers: new Map(),
    contexts: new Map(),
    hashes: new Map(),
    newDir(label) {
      const folder = path.join(dir, `${++count}-${label.replace(/[^\w.-]+/g, '_')}`);
      fs.mkdirSync(folder, { recursive: true, mode: 0o755 });
      return folder;
    },
    dispose() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function resolveNpmCli() {
  const which = spawnSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).stdout.trim();
  if (!which) throw new Error('npm is not on PATH: the images run npm');
  return fs.realpathSync(which);
}

function contextOf(session, context) {
  if (!session.contexts.has(context)) session.contexts.set(context, contextEntries(context));
  return session.contexts.get(context);
}

function fileHash(session, file) {
  if (!session.hashes.has(file)) {
    const stat = fs.lstatSync(file);
    const body = stat.isSymbolicLink() ? `link:${fs.readlinkSync(file)}` : fs.readFileSync(file);
    session.hashes.set(
      file,
      sha(String(stat.mode & 0o777), crypto.createHash('sha256').update(body).digest('hex')),
    );
  }
  return session.hashes.get(file);
}

/** What COPY reads from the context: [{ from (absolute), to (relative to dest) }], in order. */
function contextSources(session, context, sources, where) {
  const entries = contextOf(session, context);
  const copies = [];
  for (const source of sources) {
    const clean =
      path.posix
        .normalize(source)
        .replace(/^(\.\/)+|^\/+/, '')
        .replace(/\/+$/, '') || '.';
    if (clean.startsWith('..'))
      throw new DockerfileError(where, `COPY ${source}: outside the build context`);
    const regex = /[*?[]/.test(clean) ? patternRegex(clean) : null;
    const matched = regex
      ? [...entries.keys()].filter((rel) => regex.test(rel))
      : clean === '.' || entries.has(clean)
        ? [clean]
        : [];
    if (matched.length === 0)
      throw new DockerfileError(
        where,
        `COPY ${source}: not in the build context (missing, or left out by .dockerignore)`,
      );
    for (const rel of matched) {
      const kind = rel === '.' ? 'dir' : entries.get(rel);
      if (kind !== 'dir') {
        copies.push({ from: path.join(context, rel), to: path.posix.basename(rel), single: true });
        continue;
      }
      // a folder's contents are copied, not the folder itself
      const prefix = rel === '.' ? '' : `${rel}/`;
      for (const [inner, innerKind] of entries)
        if (inner.startsWith(prefix) && inner !== rel)
          copies.push({
            from: path.join(context, inner),
            to: inner.slice(prefix.length),
            dir: innerKind === 'dir',
          });
    }
  }
  return copies;
}

/** The image path `p` (absolute, or relative to `workdir`) inside the stage folder `rootfs`. */
function inImage(rootfs, workdir, p) {
  const absolute = path.posix.resolve(workdir, p);
  return { absolute, host: path.join(rootfs, absolute) };
}

function userOf(spec, where) {
  const [name] = spec.split(':');
  if (/^\d+$/.test(name))
    return { uid: Number(name), gid: Number(spec.split(':')[1] ?? name), home: '/' };
  const user = IMAGE_USERS[name];
  if (!user)
    throw new DockerfileError(
      where,
      `USER ${spec}: the node images have the users root and node only`,
    );
  return user;
}

/** A fresh file system of the base image: only what the test needs of it (homes, /tmp). */
function baseImage(session, image, where) {
  const m = /^node:(\d+)(?:[.-]|$)/.exec(image);
  if (!m)
    throw new DockerfileError(
      where,
      `FROM ${image}: only the official node images can be stood for here (by this machine's Node)`,
    );
  // A later major is stood for by this machine's: the images run a supported LTS while these
  // machines ship Node 20, and the code keeps to both (package.json's engines). An earlier one is
  // not: what this Node allows, that one may lack.
  const machine = Number(process.versions.node.split('.')[0]);
  if (Number(m[1]) < machine)
    throw new DockerfileError(
      where,
      `FROM ${image}: this machine runs Node ${machine}, so it cannot stand for Node ${m[1]}`,
    );
  return (rootfs) => {
    fs.mkdirSync(path.join(rootfs, 'root'), { mode: 0o700 });
    fs.mkdirSync(path.join(rootfs, 'tmp'), { mode: 0o1777 });
    fs.chmodSync(path.join(rootfs, 'tmp'), 0o1777);
    fs.mkdirSync(path.join(rootfs, 'home', 'node'), { recursive: true });
    fs.chownSync(path.join(rootfs, 'home', 'node'), 1000, 1000);
  };
}

/** Runs `argv` (or `sh -c command`) as `user`, output to the session's log; resolves with its exit. */
function runIn(session, state, command, { label, timeoutMs }) {
  const env = {
    PATH: `${session.bin}:/usr/sbin:/usr/bin:/sbin:/bin`,
    HOME: path.join(state.rootfs, state.user.home),
    ...state.args,
    ...state.env,
    npm_config_cache: session.npmCache,
    // the cache above holds every package of the lockfile: npm need not ask the registry again
    npm_config_prefer_offline: 'true',
    npm_config_update_notifier: 'false',
  };
  const cwd = path.join(state.rootfs, state.workdir);
  return new Promise((resolve, reject) => {
    const child = spawn(command[0], command.slice(1), {
      cwd,
      env,
      uid: state.user.uid,
      gid: state.user.gid,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk) => {
      output = (output + chunk).slice(-20_000);
      session.log(`[${label}] ${chunk}`);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = timeoutMs && setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, output });
    });
  });
}

const shellForm = (args) => execForm(args) ?? ['/bin/sh', '-c', args];

/** Everything a stage is after an instruction: its file system is `rootfs`. */
function applyMetadata(state, instruction) {
  const { keyword, args, where } = instruction;
  const vars = { ...state.args, ...state.env };
  switch (keyword) {
    case 'ARG': {
      const arg = parseArg(args, where);
      const given = state.buildArgs[arg.name];
      const value =
        given ??
        state.globalArgs[arg.name] ??
        (arg.default === undefined ? undefined : expand(arg.default, vars));
      // an ARG with no value given and no default stays unset in RUN's environment, as in Docker
      state.args = { ...state.args };
      if (value === undefined) delete state.args[arg.name];
      else state.args[arg.name] = value;
      state.usedArgs.add(arg.name);
      return;
    }
    case 'ENV': {
      const words = splitWords(args);
      const pairs = words[0]?.includes('=')
        ? words.map((w) => {
            const i = w.indexOf('=');
            if (i < 1) throw new DockerfileError(where, `ENV ${args}: expected name=value pairs`);
            return [w.slice(0, i), w.slice(i + 1)];
          })
        : [[words[0], words.slice(1).join(' ')]];
      for (const [name, value] of pairs) {
        const expanded = expand(value, { ...state.args, ...state.env });
        checkNoAbsolutePaths(expanded, where, 'ENV');
        state.env = { ...state.env, [name]: expanded };
      }
      return;
    }
    case 'WORKDIR':
      state.workdir = path.posix.resolve(state.workdir, expand(args.trim(), vars));
      return;
    case 'USER':
      state.userSpec = expand(args.trim(), vars);
      state.user = userOf(state.userSpec, where);
      return;
    case 'EXPOSE':
      state.expose = [
        ...state.expose,
        ...splitWords(expand(args, vars)).map((p) => Number(p.split('/')[0])),
      ];
      return;
    case 'CMD':
      checkNoAbsolutePaths(args, where, 'CMD');
      state.cmd = shellForm(args);
      return;
    case 'HEALTHCHECK': {
      const words = splitWords(args);
      if (words[0]?.toUpperCase() === 'NONE') {
        state.healthcheck = null;
        return;
      }
      const options = takeOptions(words);
      const rest = args.slice(args.search(/\bCMD\b/i));
      if (!/^CMD\s/i.test(rest))
        throw new DockerfileError(where, `HEALTHCHECK needs CMD, got "${args}"`);
      const command = rest.replace(/^CMD\s+/i, '');
      checkNoAbsolutePaths(command, where, 'HEALTHCHECK');
      state.healthcheck = { options, command: shellForm(command), where };
      return;
    }
    case 'STOPSIGNAL':
      state.stopSignal = expand(args.trim(), vars);
      return;
    default: // LABEL, and RUN / COPY, whose effect is on the file system
  }
}

/**
 * Builds `dockerfile` (context: the repository root, as `docker build -f <file> <context>`).
 * Resolves with the image: `{ rootfs, env, workdir, user, expose, cmd, healthcheck, stopSignal }`.
 */
export async function buildImage(session, { dockerfile, context, buildArgs = {} }) {
  const file = path.relative(context, dockerfile) || dockerfile;
  const parsed = parseDockerfile(fs.readFileSync(dockerfile, 'utf8'), file);
  const globalArgs = {};
  for (const arg of parsed.globalArgs) {
    const value = buildArgs[arg.name] ?? arg.default;
    if (value !== undefined) globalArgs[arg.name] = value;
  }
  const byName = new Map();
  parsed.stages.forEach((stage, index) => {
    stage.index = index;
    if (stage.name) byName.set(stage.name, stage);
  });
  const stageRef = (ref, where) => {
    const stage =
      byName.get(ref.toLowerCase()) ?? (/^\d+$/.test(ref) ? parsed.stages[Number(ref)] : undefined);
    if (!stage) throw new DockerfileError(where, `no stage named "${ref}" before this line`);
    return stage;
  };
  // like BuildKit: only the stages the last one needs are built
  const needed = new Set();
  const need = (stage) => {
    if (needed.has(stage)) return;
    needed.add(stage);
    const base = byName.get(expand(stage.from, globalArgs).toLowerCase());
    if (base) need(base);
    for (const i of stage.instructions)
      if (i.keyword === 'COPY') {
        const from = takeOptions(splitWords(i.args)).from;
        if (from) need(stageRef(from, i.where));
      }
  };
  need(parsed.stages.at(-1));
  const usedArgs = new Set(parsed.globalArgs.map((a) => a.name));
  const built = new Map();
  for (const stage of parsed.stages.filter((s) => needed.has(s))) {
    built.set(
      stage,
      await buildStage(session, {
        stage,
        context,
        buildArgs,
        globalArgs,
        byName,
        built,
        stageRef,
        usedArgs,
        image: path.basename(path.dirname(path.resolve(context, file))),
      }),
    );
  }
  const unused = Object.keys(buildArgs).filter((name) => !usedArgs.has(name));
  if (unused.length)
    throw new Error(`${file}: build argument(s) ${unused.join(', ')} are not declared by any ARG`);
  return built.get(parsed.stages.at(-1));
}

async function buildStage(
  session,
  { stage, context, buildArgs, globalArgs, byName, built, stageRef, usedArgs, image },
) {
  const fromName = expand(stage.from, globalArgs);
  const parent = byName.get(fromName.toLowerCase());
  if (parent && parent.index >= stage.index)
    throw new DockerfileError(
      stage.where,
      `FROM ${fromName}: a stage can only start from an earlier one`,
    );
  const state = parent
    ? {
        ...structuredClone({ ...built.get(parent), rootfs: undefined, usedArgs: undefined }),
        usedArgs,
      }
    : {
        key: sha('base', fromName),
        env: {},
        args: {},
        workdir: '/',
        user: IMAGE_USERS.root,
        expose: [],
        cmd: ['node'],
        healthcheck: null,
        stopSignal: 'SIGTERM',
        usedArgs,
      };
  state.args = {}; // ARGs are per stage
  state.buildArgs = buildArgs;
  state.globalArgs = globalArgs;
  const makeBase = parent ? null : baseImage(session, fromName, stage.where);
  const label = `${image}-${stage.name ?? `stage${stage.index}`}`;
  // The key of each instruction (its text and inputs, chained) decides whether a cached layer serves.
  let restored = null;
  const plan = [];
  for (const instruction of stage.instructions) {
    applyMetadata(state, instruction);
    const vars = { ...state.args, ...state.env };
    if (instruction.keyword === 'COPY') {
      const words = splitWords(expand(instruction.args, vars));
      const options = takeOptions(words);
      const json = execForm(instruction.args);
      const parts = json ? json.map((p) => expand(p, vars)) : words;
      if (parts.length < 2)
        throw new DockerfileError(instruction.where, 'COPY needs a source and a destination');
      const sources = parts.slice(0, -1);
      const dest = parts.at(-1);
      let copies;
      let inputKey;
      if (options.from) {
        const source = built.get(stageRef(options.from, instruction.where));
        copies = sources.map((s) => ({
          stage: source,
          path: path.posix.resolve(source.workdir, s),
        }));
        inputKey = sha(source.key, ...sources);
      } else {
        copies = contextSources(session, context, sources, instruction.where);
        inputKey = sha(
          ...copies.map((c) => `${c.to}:${c.dir ? 'dir' : fileHash(session, c.from)}`),
        );
      }
      state.key = sha(state.key, 'COPY', JSON.stringify(options), dest, state.workdir, inputKey);
      plan.push({
        instruction,
        copies,
        dest,
        options,
        workdir: state.workdir,
        multiple: sources.length > 1,
      });
    } else if (instruction.keyword === 'RUN') {
      checkNoAbsolutePaths(instruction.args, instruction.where, 'RUN');
      state.key = sha(
        state.key,
        'RUN',
        instruction.args,
        JSON.stringify(state.args),
        JSON.stringify(state.env),
        state.workdir,
        JSON.stringify(state.user),
      );
      const step = {
        instruction,
        key: state.key,
        state: { ...state, args: { ...state.args }, env: { ...state.env } },
      };
      plan.push(step);
      if (session.layers.has(state.key))
        restored = { at: plan.length, layer: session.layers.get(state.key) };
    } else {
      state.key = sha(state.key, instruction.keyword, instruction.args, JSON.stringify(state.args));
      if (instruction.keyword === 'WORKDIR')
        plan.push({ instruction, workdir: state.workdir, user: state.user });
    }
  }
  state.rootfs = session.newDir(label);
  fs.rmdirSync(state.rootfs);
  if (restored) {
    cloneTree(restored.layer, state.rootfs);
    session.log(
      `[${label}] cached: ${stage.instructions.length ? `up to ${plan[restored.at - 1].instruction.where}` : ''}\n`,
    );
  } else if (parent) {
    cloneTree(built.get(parent).rootfs, state.rootfs);
  } else {
    fs.mkdirSync(state.rootfs, { mode: 0o755 });
    makeBase(state.rootfs);
  }
  const steps = plan.slice(restored ? restored.at : 0);
  for (const [index, step] of steps.entries()) {
    const { instruction } = step;
    if (instruction.keyword === 'WORKDIR') {
      fs.mkdirSync(path.join(state.rootfs, step.workdir), { recursive: true, mode: 0o755 });
    } else if (instruction.keyword === 'COPY') {
      copyInto(state.rootfs, step);
    } else if (instruction.keyword === 'RUN') {
      const runState = { ...step.state, rootfs: state.rootfs };
      fs.mkdirSync(path.join(state.rootfs, runState.workdir), { recursive: true });
      session.log(`[${label}] ${instruction.where} RUN ${instruction.args}\n`);
      const result = await runIn(session, runState, shellForm(instruction.args), { label });
      if (result.code !== 0)
        throw new DockerfileError(
          instruction.where,
          `RUN ${instruction.args} failed (exit ${result.code ?? result.signal}):\n${result.output.slice(-4000)}`,
        );
      // After a stage's last file step its folder is never written again (later stages and
      // containers work in copies): it is the layer. Otherwise the layer is a copy made now.
      if (index === steps.length - 1) {
        session.layers.set(step.key, state.rootfs);
      } else {
        const layer = path.join(session.dir, 'layers', step.key.slice(0, 16));
        if (!fs.existsSync(layer)) cloneTree(state.rootfs, layer);
        session.layers.set(step.key, layer);
      }
    }
  }
  return { ...state, label };
}

function copyInto(rootfs, { instruction, copies, dest, options, workdir, multiple }) {
  const target = inImage(rootfs, workdir, dest);
  const intoFolder =
    dest.endsWith('/') ||
    multiple ||
    (fs.existsSync(target.host) && fs.statSync(target.host).isDirectory());
  const owner = options.chown ? userOf(options.chown, instruction.where) : null;
  const written = [];
  for (const copy of copies) {
    if (copy.stage) {
      const from = path.join(copy.stage.rootfs, copy.path);
      if (!fs.existsSync(from))
        throw new DockerfileError(
          instruction.where,
          `COPY --from=${options.from} ${copy.path}: not in that stage`,
        );
      const isDir = fs.statSync(from).isDirectory();
      const to = isDir
        ? target.host
        : intoFolder
          ? path.join(target.host, path.basename(from))
          : target.host;
      fs.mkdirSync(isDir ? to : path.dirname(to), { recursive: true });
      fs.cpSync(from, to, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true });
      written.push(to);
    } else {
      const to = copy.single
        ? intoFolder
          ? path.join(target.host, copy.to)
          : target.host
        : path.join(target.host, copy.to);
      if (copy.dir) {
        fs.mkdirSync(to, { recursive: true });
        written.push(to);
        continue;
      }
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.cpSync(copy.from, to, { verbatimSymlinks: true, preserveTimestamps: true });
      written.push(to);
    }
  }
  if (owner) for (const w of written) chownTree(w, owner);
}

// ---------------------------------------------------------------------------------------------
// Running

/**
 * `docker run` of a built image: CMD in WORKDIR as USER, with the image's ENV and `env` (the
 * `-e` settings) over it, in a copy of the image's folder (what it writes stays in that
 * container). Returns `{ rootfs, child, exited, output(), healthcheck(), stop() }`.
 */
export function startContainer(session, image, { env = {}, label = image.label } = {}) {
  let output = '';
  const rootfs = session.newDir(`${label}-container`);
  fs.rmdirSync(rootfs);
  cloneTree(image.rootfs, rootfs);
  const state = { ...image, rootfs, env: { ...image.env, ...env }, args: {} };
  const child = spawn(image.cmd[0], image.cmd.slice(1), {
    cwd: path.join(rootfs, image.workdir),
    env: {
      PATH: `${session.bin}:/usr/sbin:/usr/bin:/sbin:/bin`,
      HOME: path.join(rootfs, image.user.home),
      ...state.env,
    },
    uid: image.user.uid,
    gid: image.user.gid,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk) => {
    output = (output + chunk).slice(-20_000);
    session.log(`[${label}] ${chunk}`);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    rootfs,
    child,
    exited,
    output: () => output,
    /** HEALTHCHECK's command, run in the container; resolves with its exit code. */
    async healthcheck() {
      if (!image.healthcheck) throw new Error(`${label}: the image has no HEALTHCHECK`);
      const timeoutMs = durationMs(image.healthcheck.options.timeout ?? '30s');
      const result = await runIn(session, state, image.healthcheck.command, {
        label: `${label} healthcheck`,
        timeoutMs,
      });
      return result;
    },
    /** STOPSIGNAL, then SIGKILL after `graceMs` as `docker stop` does; resolves with the exit. */
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill(image.stopSignal);
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}

function durationMs(text) {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(text);
  if (!m) throw new Error(`not a duration: ${text}`);
  return Number(m[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2]];
}
