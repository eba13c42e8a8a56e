// 24-hour bans: a normal ban plus a timer. The unban time is stored in the database so that
// pending unbans survive a restart (events/ready.js reschedules them).
const { unbanKey } = require("./strikes");

async function unbanIfStillPending(guild, userId, unbanAt, db) {
  // If the member was banned permanently in the meantime, the stored unban is gone: keep the ban.
  if ((await db.get(unbanKey(guild.id, userId))) !== unbanAt) return;
  try {
    await guild.members.unban(userId, "24-hour ban expired");
    console.log(`Unbanned ${userId} in ${guild.name}`);
  } catch (error) {
    // "Unknown Ban" means a moderator already unbanned them by hand.
    console.error(`Scheduled unban failed for ${userId}: ${error.message}`);
  }
  await db.delete(unbanKey(guild.id, userId));
}

function scheduleUnban(guild, userId, unbanAt, db) {
  const delay = Math.max(0, unbanAt - Date.now());
  const timer = setTimeout(() => {
    unbanIfStillPending(guild, userId, unbanAt, db).catch((error) => console.error("Unban failed:", error));
  }, delay);
  // The gateway connection keeps the bot running; a pending unban alone should not.
  timer.unref?.();
  return timer;
}

/** Stores when a 24-hour ban ends and schedules the unban. */
async function rememberUnban(db, guild, userId, unbanAt) {
  await db.set(unbanKey(guild.id, userId), unbanAt);
  return scheduleUnban(guild, userId, unbanAt, db);
}

/** Forgets a pending unban, so a later permanent ban is not lifted by an old timer. */
async function cancelUnban(db, guildId, userId) {
  await db.delete(unbanKey(guildId, userId));
}

/** Reschedules the unbans stored before a restart, for every server the bot is in. */
async function reschedulePendingUnbans(client, db) {
  let count = 0;
  for (const { key, value } of await db.list("unban:")) {
    const [, guildId, userId] = key.split(":");
    const guild = client.guilds.cache.get(guildId);
    if (!guild) continue;
    scheduleUnban(guild, userId, value, db);
    count += 1;
  }
  return count;
}

module.exports = { cancelUnban, rememberUnban, reschedulePendingUnbans, scheduleUnban };
