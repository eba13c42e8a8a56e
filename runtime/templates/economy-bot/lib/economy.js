// The economy rules as pure functions, so they are easy to test and to change.

const CURRENCY = "coins";
const DAILY_REWARD = 100;
const DAILY_COOLDOWN_MS = 24 * 60 * 60 * 1000;
const LEADERBOARD_SIZE = 10;

// Keys in the built-in database; balances are per server.
function balanceKey(guildId, userId) {
  return `economy:${guildId}:balance:${userId}`;
}

function balancePrefix(guildId) {
  return `economy:${guildId}:balance:`;
}

function dailyKey(guildId, userId) {
  return `economy:${guildId}:daily:${userId}`;
}

/**
 * Whether a member can claim the daily reward now.
 * @param {number | null} lastClaimAt when they last claimed (ms since epoch), or null if never
 * @param {number} now the current time (ms since epoch)
 */
function dailyStatus(lastClaimAt, now) {
  if (lastClaimAt === null || lastClaimAt === undefined) return { ready: true, remainingMs: 0 };
  const nextAt = lastClaimAt + DAILY_COOLDOWN_MS;
  if (now >= nextAt) return { ready: true, remainingMs: 0 };
  return { ready: false, remainingMs: nextAt - now, nextAt };
}

/** "23h 5m", "4m 10s" or "12s": the remaining time, rounded up to the second. */
function formatDuration(ms) {
  const totalSeconds = Math.max(1, Math.ceil(ms / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m ${seconds}s`;
  return `${seconds}s`;
}

/**
 * Checks a payment before any money moves.
 * @returns {{ ok: true } | { ok: false, reason: string }}
 */
function checkPayment({ fromId, toId, toIsBot, amount, balance }) {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    return { ok: false, reason: "The amount must be a whole number of at least 1." };
  }
  if (fromId === toId) return { ok: false, reason: "You cannot pay yourself." };
  if (toIsBot) return { ok: false, reason: "Bots cannot receive coins." };
  if (balance < amount) {
    return { ok: false, reason: `You only have ${balance} ${CURRENCY}, not enough to pay ${amount}.` };
  }
  return { ok: true };
}

/**
 * The richest members first, from the database entries of one server's balances.
 * @param {{ key: string, value: number }[]} entries from db.list(balancePrefix(guildId))
 */
function rankBalances(entries, prefix, limit = LEADERBOARD_SIZE) {
  return entries
    .map(({ key, value }) => ({ userId: key.slice(prefix.length), balance: value }))
    .filter((entry) => typeof entry.balance === "number" && entry.balance > 0)
    .sort((a, b) => b.balance - a.balance || (a.userId < b.userId ? -1 : 1))
    .slice(0, limit);
}

module.exports = {
  CURRENCY,
  DAILY_COOLDOWN_MS,
  DAILY_REWARD,
  LEADERBOARD_SIZE,
  balanceKey,
  balancePrefix,
  checkPayment,
  dailyKey,
  dailyStatus,
  formatDuration,
  rankBalances,
};
