/**
 * bot/runtime.py: stored data under the README's keys (the same keys and values as the JavaScript bot, so a bot keeps its data when it switches language).
 * Static Python (no blueprint text), joined into bot/runtime.py by python-runtime.ts.
 */
export const runtimeStore = String.raw`# -- Stored data -----------------------------------------------------------------------------------


class StoredData:
    """The blueprint's 'data', under keys "data:<name>:<scope>[:<key>]" (the same in every
    language, so a bot keeps its data when it switches): scope g<guild>:u<user> for member data,
    u<user> for user data, g<guild> for server data, global for the bot's."""

    def _data_key(self, name, member=None, key=None):
        scope = DATA[name]["scope"]
        if scope in ("member", "user"):
            who = self.user_id_of(member or "user")
            if who is None:
                raise Failed(f"whose {name}? There is no member here")
            owner = f"g{self.guild.id}:u{who}" if scope == "member" else f"u{who}"
        elif scope == "server":
            owner = f"g{self.guild.id}"
        else:
            owner = "global"
        return f"data:{name}:{owner}" if key is None else f"data:{name}:{owner}:{key}"

    @staticmethod
    def _initial(name):
        """What an absent value reads as."""
        entry = DATA[name]
        if entry["kind"] == "number":
            number = read_number(entry.get("initial") or "0")
            return 0 if number is None else number
        if entry["kind"] == "list":
            return []
        return entry.get("initial") or ""

    async def _read(self, name, data_key):
        stored = await db.get(data_key)
        return self._initial(name) if stored is None else stored

    # The store action, one call per op ('member': whose value, a reference key such as "option.member").

    async def get_data(self, name, key=None, member=None):
        return await self.store(name, "get", key=key, member=member)

    async def set_data(self, name, value, key=None, member=None):
        return await self.store(name, "set", key=key, member=member, value=value)

    async def increment_data(self, name, amount, key=None, member=None):
        return await self.store(name, "increment", key=key, member=member, value=amount)

    async def decrement_data(self, name, amount, key=None, member=None):
        return await self.store(name, "decrement", key=key, member=member, value=amount)

    async def append_data(self, name, value, key=None, member=None):
        return await self.store(name, "append", key=key, member=member, value=value)

    async def remove_data(self, name, value, key=None, member=None):
        return await self.store(name, "remove", key=key, member=member, value=value)

    async def remove_data_at(self, name, position, key=None, member=None):
        return await self.store(name, "removeAt", key=key, member=member, value=position)

    async def delete_data(self, name, key=None, member=None):
        return await self.store(name, "delete", key=key, member=member)

    async def list_data(self, name, member=None, order="key", limit=25):
        return await self.store(name, "list", member=member, limit=limit, order=order)

    async def store(self, name, op, *, key=None, member=None, value=None, limit=None, order=None):
        """One Store action; returns what 'saveAs' keeps."""
        kind = DATA[name]["kind"]
        if op == "list":
            return await self._list(name, member, limit or 25, order or "key")
        data_key = self._data_key(name, member, key)
        if op == "get":
            return await self._read(name, data_key)
        if op == "delete":
            await db.delete(data_key)
            return None
        if op == "set":
            if kind == "number":
                number = read_number(value)
                if number is None:
                    raise Failed(f"{value!r} is not a number", not_a_number(value))
                value = number
            elif kind == "list":
                value = [value]
            await db.set(data_key, value)
            return value
        if op in ("increment", "decrement"):
            by = read_number("1" if value is None else value)
            if by is None:
                raise Failed(f"{value!r} is not a number", not_a_number(value))
            by = -by if op == "decrement" else by
            initial = self._initial(name)
            if initial == 0:
                return await db.increment(data_key, by)
            current = await db.get(data_key)
            if current is None:
                await db.set(data_key, initial + by)
                return initial + by
            return await db.increment(data_key, by)
        # append / remove / removeAt on a list
        stored = await self._read(name, data_key)
        items = list(stored) if isinstance(stored, list) else [describe(stored)]
        if op == "removeAt":
            at = read_number(value)
            if at is None or at != int(at) or at < 1 or at > len(items):
                raise Failed(f"no item {str(value)!r}", no_such_item(str(value).strip(), len(items)))
            item = items.pop(int(at) - 1)
            await db.set(data_key, items)
            return item
        if op == "append":
            items.append(value)
        elif value in items:
            items.remove(value)
        await db.set(data_key, items)
        return len(items)

    async def _list(self, name, member, limit, order):
        """Keyed data as "key: value" lines, a list as its items, in the order asked."""
        if DATA[name]["keyed"]:
            prefix = self._data_key(name, member) + ":"
            rows = [(entry["key"][len(prefix):], entry["value"]) for entry in await db.list(prefix)]
            rows.sort(key=lambda row: _utf16(row[0]))
        else:
            stored = await self._read(name, self._data_key(name, member))
            rows = [(None, item) for item in (stored if isinstance(stored, list) else [stored])]
        if order in ("highest", "lowest"):
            rows = _by_value(rows, order == "highest")
        lines = [describe(value) if key is None else f"{key}: {describe(value)}" for key, value in rows[:limit]]
        return "\n".join(lines) or "(none)"


def _by_value(rows, highest):
    """Numbers by value, then text by its lowercase (highest first, or lowest first)."""
    numbers = [row for row in rows if read_number(describe(row[1])) is not None]
    texts = [row for row in rows if read_number(describe(row[1])) is None]
    numbers.sort(key=lambda row: read_number(describe(row[1])), reverse=highest)
    texts.sort(key=lambda row: _utf16(describe(row[1]).lower()), reverse=highest)
    return numbers + texts
`;
