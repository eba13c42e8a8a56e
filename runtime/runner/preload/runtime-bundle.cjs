// Loads discord.js (and the @discordjs packages a bot may require beside it) from the runner's
// prebuilt bundle: one file, compiled from V8's code cache, instead of some three hundred files
// resolved, read and compiled one by one. It takes a bot's start from about 450 ms of loading to
// about 130 (see runtime/runner/runtime-bundle.ts, which builds it as root; bots only read it).
//
// The modules keep their identity: each is put in require's cache under the very file
// `require("discord.js")` and the others resolve to, so a bot, its commands and discord.js share
// one copy, exactly as without the bundle. Anything wrong with the bundle (missing, unreadable,
// a cache V8 rejects) falls back to Node's own loading: never slower than without it.
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS preload for `node -r`. */
"use strict";

const fs = require("node:fs");
const Module = require("node:module");
const path = require("node:path");
const vm = require("node:vm");

/** The V8 heap flag this process runs with: code caches are only valid for the same flags. */
function heapFlag() {
  for (const arg of process.execArgv) {
    const match = /^--max-old-space-size=(\d+)$/.exec(arg);
    if (match) return match[1];
  }
  return "default";
}

function entryImportsDiscordJs() {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    const head = fs.readFileSync(path.resolve(entry), "utf8").slice(0, 64 * 1024);
    return /\b(?:from|import)\s*\(?\s*["']discord\.js["']/.test(head);
  } catch {
    return false;
  }
}

/**
 * dir: the bundle's folder (bundle.cjs, manifest.json, cache-<heap MB>.bin). onLoaded receives
 * the bundle's exports by package name, once, when a bot first requires one of them.
 */
function installRuntimeBundle(dir, onLoaded) {
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dir, "manifest.json"), "utf8"));
  } catch {
    return;
  }
  const files = manifest && manifest.modules && typeof manifest.modules === "object" ? manifest.modules : null;
  if (!files) return;
  const names = new Set(Object.values(files));
  let state = "waiting";

  function loadBundle() {
    state = "loading";
    const added = [];
    try {
      const file = path.join(dir, "bundle.cjs");
      const source = fs.readFileSync(file, "utf8");
      let cachedData;
      try {
        cachedData = fs.readFileSync(path.join(dir, `cache-${heapFlag()}.bin`));
      } catch {
        cachedData = undefined;
      }
      const script = new vm.Script(Module.wrap(source), { filename: file, cachedData });
      const bundle = new Module(file, module);
      bundle.filename = file;
      bundle.paths = Module._nodeModulePaths(dir);
      script.runInThisContext()(bundle.exports, (id) => bundle.require(id), bundle, file, dir);
      bundle.loaded = true;
      const packages = bundle.exports;
      for (const [filename, name] of Object.entries(files)) {
        if (!(name in packages) || Module._cache[filename]) continue;
        const entry = new Module(filename, null);
        entry.filename = filename;
        entry.paths = Module._nodeModulePaths(path.dirname(filename));
        entry.exports = packages[name];
        entry.loaded = true;
        Module._cache[filename] = entry;
        added.push(filename);
      }
      state = "loaded";
      if (onLoaded) onLoaded(packages);
    } catch {
      // Node loads them itself, as if there were no bundle.
      for (const filename of added) delete Module._cache[filename];
      state = "failed";
    }
  }

  // import goes through ES module loading, which looks in require's cache but never calls
  // Module._load for the package: a bot whose entry imports discord.js gets the bundle at once.
  if (entryImportsDiscordJs()) {
    loadBundle();
    return;
  }

  const load = Module._load;
  Module._load = function cipherBundleLoad(request, parent, isMain) {
    if (state === "waiting" && typeof request === "string" && (names.has(request) || request in files)) {
      try {
        const filename = Module._resolveFilename(request, parent, isMain);
        if (filename in files) loadBundle();
      } catch {
        // Not resolvable from here: Node says so below.
      }
    }
    return load.call(this, request, parent, isMain);
  };
}

module.exports = { installRuntimeBundle };
