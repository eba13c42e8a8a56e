"""Cipher's built-in database for discord.py bots run by Cipher: `from cipher import db`, then
`await db.get(key)`, `await db.set(key, value)`, `await db.delete(key)`, `await db.list(prefix)`,
`await db.increment(key, by)`. Failed calls (quota reached, invalid key…) raise CipherDbError with
the reason. Provided by the runner's sitecustomize (also as the builtin `cipher_db`)."""
from sitecustomize import CipherDbError, cipher_db as db

__all__ = ["db", "CipherDbError"]
