// Strikes and pending unbans, stored in the built-in database (context.db).
//   strikes:<guildId>:<userId> -> [{ reason, moderatorId, at }]
//   unban:<guildId>:<userId>   -> the time (ms since epoch) a 24-hour ban ends

function strikesKey(guildId, userId) {
  return `strikes:${guildId}:${userId}`;
}

function unbanKey(guildId, userId) {
  return `unban:${guildId}:${userId}`;
}

async function getStrikes(db, guildId, userId) {
  return (await db.get(strikesKey(guildId, userId))) ?? [];
}

/** Records a strike and returns the member's new total. */
async function addStrike(db, guildId, userId, strike) {
  const list = [...(await getStrikes(db, guildId, userId)), strike];
  await db.set(strikesKey(guildId, userId), list);
  return list.length;
}

/** Removes every strike of a member and returns how many there were. */
async function clearStrikes(db, guildId, userId) {
  const list = await getStrikes(db, guildId, userId);
  await db.delete(strikesKey(guildId, userId));
  return list.length;
}

module.exports = { addStrike, clearStrikes, getStrikes, strikesKey, unbanKey };
