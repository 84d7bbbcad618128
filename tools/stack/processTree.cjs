const fs = require('node:fs');

/**
 * The processes under `rootPid` (itself first, then its descendants, parents before children),
 * read from Linux's /proc: `{ pid, ppid, argv }` each. How the memory bench and the start's test
 * see what `npm start` runs; [] where /proc is not there.
 */
function processTree(rootPid) {
  const all = new Map();
  let entries = [];
  try {
    entries = fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return [];
  }
  for (const entry of entries) {
    try {
      // the fields after the command name, which is in parentheses and may hold spaces
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const argv = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean);
      all.set(Number(entry), { pid: Number(entry), ppid, argv });
    } catch {
      // gone meanwhile
    }
  }
  const tree = [];
  const visit = (pid) => {
    const node = all.get(pid);
    if (!node) return;
    tree.push(node);
    for (const child of all.values()) if (child.ppid === pid) visit(child.pid);
  };
  visit(rootPid);
  return tree;
}

module.exports = { processTree };
