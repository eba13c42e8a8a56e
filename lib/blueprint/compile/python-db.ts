/**
 * bot/db.py: Cipher's built-in database on Cipher, else a JSON file with the same async API (as
 * the templates' lib/db.js). Static Python, no blueprint text.
 */
export const databaseModule = String.raw`"""Where the bot keeps its data. On Cipher: Cipher's built-in database (the dashboard's Database
tab shows it). Elsewhere: a JSON file, data/db.json beside main.py (or the file DB_FILE names),
with the same API. Every call is a coroutine:

    await db.get(key)             the stored value, or None
    await db.set(key, value)      stores any JSON value
    await db.delete(key)          True if the key was there
    await db.list(prefix)         [{"key": ..., "value": ...}] for the keys with that prefix, by key
    await db.increment(key, by)   adds to a number (absent counts as 0), returns the new value
"""
import asyncio
import json
import os
from pathlib import Path

try:
    # Provided by Cipher's runner; None when this bot runs without the built-in database.
    from cipher import db as cipher_db
except ImportError:
    cipher_db = None


class JsonFileDb:
    """A small JSON-file database with the API above; values are copied in and out as JSON."""

    def __init__(self, path):
        self._path = Path(path)
        self._data = None
        self._lock = asyncio.Lock()

    def _load(self):
        if self._data is None:
            self._data = json.loads(self._path.read_text("utf-8")) if self._path.exists() else {}
        return self._data

    def _save(self):
        # Written to a temporary file, then renamed: a crash mid-write never leaves half a file.
        self._path.parent.mkdir(parents=True, exist_ok=True)
        temporary = self._path.with_name(f"{self._path.name}.{os.getpid()}.tmp")
        temporary.write_text(json.dumps(self._data, indent=2, ensure_ascii=False), "utf-8")
        os.replace(temporary, self._path)

    async def get(self, key):
        value = self._load().get(key)
        return None if value is None else json.loads(json.dumps(value))

    async def set(self, key, value):
        if value is None:
            raise ValueError("Cannot store None; use delete(key) instead.")
        async with self._lock:
            self._load()[key] = json.loads(json.dumps(value, allow_nan=False))
            self._save()

    async def delete(self, key):
        async with self._lock:
            existed = self._load().pop(key, None) is not None
            if existed:
                self._save()
            return existed

    async def list(self, prefix=""):
        data = self._load()
        # Sorted as JavaScript sorts keys (UTF-16 code units), like the built-in database.
        keys = sorted((key for key in data if key.startswith(prefix)), key=lambda key: key.encode("utf-16-be", "surrogatepass"))
        return [{"key": key, "value": json.loads(json.dumps(data[key]))} for key in keys]

    async def increment(self, key, by=1):
        async with self._lock:
            data = self._load()
            current = data.get(key, 0)
            if isinstance(current, bool) or not isinstance(current, (int, float)):
                raise ValueError(f"The value at {key!r} is not a number.")
            data[key] = current + by
            self._save()
            return data[key]


def _open():
    if cipher_db is not None:
        return cipher_db
    default = Path(__file__).resolve().parent.parent / "data" / "db.json"
    return JsonFileDb(os.environ.get("DB_FILE") or default)


db = _open()
`;
