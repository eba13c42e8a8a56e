// The strike ladder, in one place so the policy is easy to read and to change:
//   1 strike  -> a warning
//   2 strikes -> a 1-hour timeout
//   3 strikes -> a 24-hour ban
//   4 or more -> a permanent ban

const ONE_HOUR = 60 * 60 * 1000;
const ONE_DAY = 24 * ONE_HOUR;

/**
 * The action for a member's new strike total.
 * @param {number} count the number of strikes, including the one just given (1 or more)
 * @returns {{ type: "warning" | "timeout" | "tempban" | "ban", durationMs: number | null, label: string }}
 */
function actionForStrikes(count) {
  if (!Number.isInteger(count) || count < 1) {
    throw new RangeError(`A strike count is a whole number of at least 1, got ${count}.`);
  }
  if (count === 1) return { type: "warning", durationMs: null, label: "a warning" };
  if (count === 2) return { type: "timeout", durationMs: ONE_HOUR, label: "a 1-hour timeout" };
  if (count === 3) return { type: "tempban", durationMs: ONE_DAY, label: "a 24-hour ban" };
  return { type: "ban", durationMs: null, label: "a permanent ban" };
}

module.exports = { ONE_HOUR, ONE_DAY, actionForStrikes };
