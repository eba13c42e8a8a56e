/**
 * lib/blueprint-runtime.js, part 4: the store — the blueprint's `data`, kept in the bot's
 * database (lib/db.js locally, Cipher's built-in database when hosted) under
 * data:<name>:<scope>[:<key>], where <scope> is g<guildId>:u<userId> (member), u<userId> (user),
 * g<guildId> (server) or global.
 */
export const runtimeStore = String.raw`
  // -- Data: the store action and {data.NAME} ------------------------------------------------------

  /** Where a data entry's value lives; options.member names whose value (default: who triggered it). */
  dataKey(entry, options = {}) {
    const userId = options.member ? this.userIdOf(options.member) : this.userId;
    const guildId = this.guild ? this.guild.id : null;
    if ((entry.scope === "member" || entry.scope === "user") && !userId) throw new Error("the member was not found");
    if ((entry.scope === "member" || entry.scope === "server") && !guildId) throw new Error("there is no server here");
    const scope = {
      member: "g" + guildId + ":u" + userId,
      user: "u" + userId,
      server: "g" + guildId,
      global: "global",
    }[entry.scope];
    const key = "data:" + entry.name + ":" + scope;
    return options.key === undefined ? key : key + ":" + options.key;
  }

  /** The stored value, or the entry's initial value while nothing is stored. */
  async readData(entry, options = {}) {
    const value = await this.db.get(this.dataKey(entry, options));
    if (value === null || value === undefined) return initialValue(entry);
    if (entry.kind === "number") return readNumber(value) ?? initialValue(entry);
    if (entry.kind === "list") return Array.isArray(value) ? value.map(textOf) : [textOf(value)];
    return textOf(value);
  }

  /** {data.NAME} in a template. */
  async dataText(entry) {
    return textOf(await this.readData(entry));
  }

  /** {data.NAME} in a calculation. */
  async dataNumber(entry) {
    return readNumber(await this.readData(entry)) ?? 0;
  }

  /** store get: gives back the value. */
  async getData(entry, options) {
    return this.attempt("store", () => this.readData(entry, options));
  }

  /** store set: numbers must read as numbers (else nothing is stored); a list becomes that one item. */
  async setData(entry, value, options) {
    return this.attempt("store", async () => {
      let stored = String(value);
      if (entry.kind === "number") {
        stored = readNumber(value);
        if (stored === null) {
          throw new Failed(JSON.stringify(String(value)) + " is not a number, so nothing was stored", notANumber(value));
        }
      } else if (entry.kind === "list") {
        stored = [stored];
      }
      await this.db.set(this.dataKey(entry, options), stored);
      return stored;
    });
  }

  /** store increment: adds the amount (default 1) and gives back the new total. */
  async incrementData(entry, amount, options) {
    return this.attempt("store", () => this.addToData(entry, amount, 1, options));
  }

  /** store decrement: subtracts the amount (default 1) and gives back the new total. */
  async decrementData(entry, amount, options) {
    return this.attempt("store", () => this.addToData(entry, amount, -1, options));
  }

  async addToData(entry, amount, sign, options) {
    const by = readNumber(amount);
    if (by === null) throw new Failed(JSON.stringify(String(amount)) + " is not a number", notANumber(amount));
    const key = this.dataKey(entry, options);
    // The database counts from 0; an entry that starts elsewhere gets its initial value first.
    const initial = initialValue(entry);
    if (initial !== 0 && (await this.db.get(key)) === null) await this.db.set(key, initial);
    return this.db.increment(key, sign * by);
  }

  /** store append: adds an item to a list and gives back the list's length. */
  async appendData(entry, value, options) {
    return this.attempt("store", async () => {
      const list = await this.readData(entry, options);
      list.push(String(value));
      await this.db.set(this.dataKey(entry, options), list);
      return list.length;
    });
  }

  /** store remove: takes the first equal item out of a list and gives back the list's length. */
  async removeData(entry, value, options) {
    return this.attempt("store", async () => {
      const list = await this.readData(entry, options);
      const index = list.indexOf(String(value));
      if (index !== -1) {
        list.splice(index, 1);
        await this.db.set(this.dataKey(entry, options), list);
      }
      return list.length;
    });
  }

  /**
   * store removeAt: takes the item at a position out of a list (1 is the first) and gives back
   * that item; a position the list does not have fails ("there is no item 7 (the list has 3)").
   */
  async removeDataAt(entry, position, options) {
    return this.attempt("store", async () => {
      const stored = await this.readData(entry, options);
      const list = Array.isArray(stored) ? stored : [String(stored)];
      const at = readNumber(position);
      if (at === null || !Number.isInteger(at) || at < 1 || at > list.length)
        throw new Failed("no item " + JSON.stringify(String(position)), noSuchItem(String(position).trim(), list.length));
      const [item] = list.splice(at - 1, 1);
      await this.db.set(this.dataKey(entry, options), list);
      return item;
    });
  }

  /** store delete: forgets the value (it reads as the initial value again). */
  async deleteData(entry, options) {
    await this.attempt("store", () => this.db.delete(this.dataKey(entry, options)));
  }

  /**
   * store list: keyed data as "key: value" lines, a list as its items, one a line; in order of
   * key (a list: as stored) or of highest / lowest value; at most limit; "(none)" when empty.
   */
  async listData(entry, { member, order = "key", limit = 25 } = {}) {
    return this.attempt("store", async () => {
      let rows;
      if (entry.keyed) {
        const prefix = this.dataKey(entry, { member }) + ":";
        rows = (await this.db.list(prefix)).map((item) => ({ key: item.key.slice(prefix.length), value: item.value }));
        rows.sort((a, b) => compareText(a.key, b.key));
      } else {
        const value = await this.readData(entry, { member });
        rows = (Array.isArray(value) ? value : [value]).map((item) => ({ key: null, value: item }));
      }
      if (order === "highest") rows.sort((a, b) => compareValues(b.value, a.value));
      else if (order === "lowest") rows.sort((a, b) => compareValues(a.value, b.value));
      const lines = rows.slice(0, limit).map((row) => (row.key === null ? textOf(row.value) : row.key + ": " + textOf(row.value)));
      return lines.length ? lines.join("\n") : "(none)";
    });
  }
}

// -- Helpers of the Run ---------------------------------------------------------------------------

/** Cooldowns: "<where> u<userId>" or "<where> g<guildId>" -> when it ends (ms). */
const cooldowns = new Map();

function initialValue(entry) {
  return Array.isArray(entry.initial) ? [...entry.initial] : entry.initial;
}

/** Text order by UTF-16 code unit (JavaScript's own), which the Python bot follows too. */
function compareText(a, b) {
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Values in order: numbers by size, before text; text any case. */
function compareValues(a, b) {
  const x = readNumber(a);
  const y = readNumber(b);
  if (x !== null && y !== null) return x - y;
  if (x !== null) return -1;
  if (y !== null) return 1;
  return compareText(textOf(a).toLowerCase(), textOf(b).toLowerCase());
}

function needMember(member) {
  if (!member) throw new Failed("the member is not in this server", failureReasons.member);
  return member;
}

/** The role an action needs; "missing": what the lookup did not find ("there is no role named Gamer"). */
function needRole(role, missing) {
  if (!role) throw new Failed(missing || "there is no such role", failureReasons.role);
  return role;
}

/** The server's category of that name, any case. */
function categoryNamed(guild, name) {
  const wanted = String(name).trim().toLowerCase();
  const found = [...guild.channels.cache.values()]
    .filter((channel) => channel.type === ChannelType.GuildCategory && channel.name.toLowerCase() === wanted)
    .sort(byPosition);
  return found[0] || null;
}

/** What {message.content}, {message.link} and {message.id} read. */
function messageInfo(message) {
  return { id: message.id, content: message.content || "", link: message.url };
}
`;
