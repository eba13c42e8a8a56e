// Custom triggers: when a message equals a stored trigger, the bot answers with its response.
// Matching ignores case, surrounding spaces and repeated spaces, so "Hello  there " matches "hello there".
//   cc:<guildId>:<normalized trigger> -> { trigger, response, createdBy, createdAt }

const MAX_TRIGGER_LENGTH = 100;
const MAX_RESPONSE_LENGTH = 2000; // Discord's message limit
const MAX_TRIGGERS_PER_SERVER = 100;

function normalizeTrigger(text) {
  return String(text ?? "")
    .trim()
    .replace(/\s+/g, " ")
    .toLowerCase();
}

function triggerPrefix(guildId) {
  return `cc:${guildId}:`;
}

function triggerKey(guildId, trigger) {
  return triggerPrefix(guildId) + normalizeTrigger(trigger);
}

/** @returns {{ ok: true } | { ok: false, reason: string }} */
function validateCustomCommand(trigger, response) {
  const normalized = normalizeTrigger(trigger);
  if (normalized.length === 0) return { ok: false, reason: "The trigger cannot be empty." };
  if (normalized.length > MAX_TRIGGER_LENGTH) {
    return { ok: false, reason: `The trigger can be at most ${MAX_TRIGGER_LENGTH} characters.` };
  }
  const text = String(response ?? "").trim();
  if (text.length === 0) return { ok: false, reason: "The response cannot be empty." };
  if (text.length > MAX_RESPONSE_LENGTH) {
    return { ok: false, reason: `The response can be at most ${MAX_RESPONSE_LENGTH} characters.` };
  }
  return { ok: true };
}

module.exports = {
  MAX_RESPONSE_LENGTH,
  MAX_TRIGGERS_PER_SERVER,
  MAX_TRIGGER_LENGTH,
  normalizeTrigger,
  triggerKey,
  triggerPrefix,
  validateCustomCommand,
};
