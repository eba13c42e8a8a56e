/**
 * lib/db.js of a generated bot: the templates' JSON-file database (lib/db.js of each template in
 * runtime/templates), with the same API as Cipher's built-in database, which it hands over to
 * when hosted (globalThis.cipherDb). Written without template literals so the text fits here.
 */
export const dbFileText = String.raw`// A tiny JSON-file database with the same API as Cipher's built-in database, so the bot runs
// locally with "node index.js". On Cipher the runner provides its PostgreSQL-backed database
// instead; commands only ever see "context.db", so they work unchanged in both places.
//
//   get(key)             -> the stored value, or null when the key is absent
//   set(key, value)      -> stores any JSON value (not undefined)
//   delete(key)          -> true if the key existed
//   list(prefix)         -> [{ key, value }] for every key starting with prefix, sorted by key
//   increment(key, by=1) -> adds "by" to a number (absent counts as 0) and returns the new value
//
// Values are copied in and out as JSON, so changing a returned object never changes the store.
// Pass "null" as the file to keep everything in memory (handy for tests).

const fs = require("node:fs");
const path = require("node:path");

function createJsonDb(file) {
  let data = null;
  // Writes are chained so two quick writes never interleave on disk.
  let pending = Promise.resolve();

  function load() {
    if (data) return data;
    data = new Map();
    if (file && fs.existsSync(file)) {
      const parsed = JSON.parse(fs.readFileSync(file, "utf8"));
      for (const [key, value] of Object.entries(parsed)) data.set(key, value);
    }
    return data;
  }

  function persist() {
    if (!file) return Promise.resolve();
    const snapshot = JSON.stringify(Object.fromEntries(load()), null, 2);
    pending = pending.then(async () => {
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // Write a temporary file, then rename: a crash mid-write never leaves half a database.
      const temporary = file + "." + process.pid + ".tmp";
      await fs.promises.writeFile(temporary, snapshot);
      await fs.promises.rename(temporary, file);
    });
    return pending;
  }

  function checkKey(key) {
    if (typeof key !== "string" || key.length === 0) throw new TypeError("Database keys must be non-empty strings.");
  }

  function copy(value) {
    return value === undefined ? null : JSON.parse(JSON.stringify(value));
  }

  return {
    async get(key) {
      checkKey(key);
      return load().has(key) ? copy(load().get(key)) : null;
    },

    async set(key, value) {
      checkKey(key);
      if (value === undefined) throw new TypeError("Cannot store undefined; use delete(key) instead.");
      load().set(key, copy(value));
      await persist();
    },

    async delete(key) {
      checkKey(key);
      const existed = load().delete(key);
      if (existed) await persist();
      return existed;
    },

    async list(prefix = "") {
      if (typeof prefix !== "string") throw new TypeError("The prefix must be a string.");
      return [...load().entries()]
        .filter(([key]) => key.startsWith(prefix))
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, value]) => ({ key, value: copy(value) }));
    },

    async increment(key, by = 1) {
      checkKey(key);
      if (typeof by !== "number" || !Number.isFinite(by)) throw new TypeError("increment() needs a finite number.");
      const current = load().has(key) ? load().get(key) : 0;
      if (typeof current !== "number") throw new TypeError("The value at " + JSON.stringify(key) + " is not a number.");
      const next = current + by;
      load().set(key, next);
      await persist();
      return next;
    },
  };
}

/**
 * The database "index.js" hands to commands. Hosted on Cipher: Cipher's built-in database (the
 * runner provides it as "globalThis.cipherDb", with the same API, shown in the dashboard).
 * Elsewhere: data/db.json next to the bot, or DB_FILE if set.
 */
function openDb() {
  if (globalThis.cipherDb) return globalThis.cipherDb;
  return createJsonDb(process.env.DB_FILE || path.join(__dirname, "..", "data", "db.json"));
}

module.exports = { createJsonDb, openDb };
`;
