/**
 * lib/blueprint-runtime.js, part 5: stored timers — `wait`, temporary bans and delayed channel
 * deletes — kept in the database under "timers" as [{ id, at, run, context }] and picked up when
 * the bot is ready (overdue ones at once); and schedules, every interval in each server, their
 * next runs kept under "schedules" so that a restart does not start their intervals over.
 */
export const runtimeTimers = String.raw`
// -- Timers that survive a restart ------------------------------------------------------------------

const timersKey = "timers";
/** setTimeout's longest delay (about 24.8 days); longer waits are armed again when it ends. */
const longestDelay = 2147483647;
/** What each stored timer does when it is due, by its "run" name. */
const timerJobs = new Map();
/** The client and database timers run with, known once the bot is ready. */
let timerHost = null;
/** Edits of the timer list, one after another, so two never overwrite each other. */
let timerEdits = Promise.resolve();

function editTimers(db, change) {
  const edit = timerEdits.then(async () => {
    const timers = (await db.get(timersKey)) || [];
    const result = change(timers);
    await db.set(timersKey, timers);
    return result;
  });
  timerEdits = edit.catch(() => {});
  return edit;
}

/** Stores a timer and arms it: job "run" gets "context" in "seconds". */
async function addTimer(db, run, seconds, context) {
  const timer = { id: randomUUID(), at: Date.now() + seconds * 1000, run, context };
  await editTimers(db, (timers) => {
    timers.push(timer);
  });
  armTimer(timer);
}

/** Forgets the stored timers a test picks out (a permanent ban cancels a pending unban). */
async function cancelTimers(db, picked) {
  await editTimers(db, (timers) => {
    for (let index = timers.length - 1; index >= 0; index--) if (picked(timers[index])) timers.splice(index, 1);
  });
}

function armTimer(timer) {
  const left = timer.at - Date.now();
  if (left > longestDelay) setTimeout(() => armTimer(timer), longestDelay);
  else setTimeout(() => fireTimer(timer), Math.max(0, left));
}

async function fireTimer(timer) {
  if (!timerHost) return;
  const { client, db } = timerHost;
  try {
    // Off the list first: a job that fails, or stops the bot, never runs twice.
    const due = await editTimers(db, (timers) => {
      const index = timers.findIndex((item) => item.id === timer.id);
      if (index !== -1) timers.splice(index, 1);
      return index !== -1;
    });
    if (!due) return;
    const job = timerJobs.get(timer.run);
    if (!job) {
      console.error("[blueprint] a stored timer (" + timer.run + ") has nothing to run any more; it was dropped.");
      return;
    }
    await job(client, db, timer.context);
  } catch (error) {
    console.error("[blueprint] " + ((timer.context && timer.context.where) || timer.run) + ": timer failed: " + reasonOf(error));
  }
}

/** Called once the bot is ready: arms every stored timer (overdue ones run at once). */
async function startTimers(client, db) {
  timerHost = { client, db };
  const timers = (await db.get(timersKey)) || [];
  const now = Date.now();
  // Overdue ones run at once, one after another in the order they were due (as in the Python bot).
  const overdue = timers.filter((timer) => timer.at <= now).sort((a, b) => a.at - b.at);
  for (const timer of timers) if (timer.at > now) armTimer(timer);
  if (timers.length) console.log("[blueprint] picked up " + timers.length + " stored timer(s)");
  (async () => {
    for (const timer of overdue) await fireTimer(timer);
  })();
}

/** The actions after a wait: they run on a run rebuilt from what the wait kept. */
function registerWait(name, body) {
  timerJobs.set(name, async (client, db, saved) => {
    const run = await Run.restore(client, db, saved);
    if (!run) {
      console.error("[blueprint] " + saved.where + ": wait: the bot is no longer in that server");
      return;
    }
    await runBody(run, body);
  });
}

timerJobs.set("unban", async (client, db, { where, guildId, userId }) => {
  try {
    const guild = await client.guilds.fetch(guildId);
    await guild.members.unban(userId, "Temporary ban ended");
  } catch (error) {
    console.error("[blueprint] " + where + ": unban failed: " + reasonOf(error));
  }
});

timerJobs.set("deleteChannel", async (client, db, { where, channelId }) => {
  try {
    const channel = await client.channels.fetch(channelId);
    await channel.delete();
  } catch (error) {
    console.error("[blueprint] " + where + ": deleteChannel failed: " + reasonOf(error));
  }
});

function firstTextChannel(guild) {
  const found = [...guild.channels.cache.values()].filter((channel) => channel.type === ChannelType.GuildText).sort(byPosition);
  return found[0] || null;
}

// -- Schedules ------------------------------------------------------------------------------------

const schedulesKey = "schedules";
/** Edits of the stored next runs, one after another, so two schedules never overwrite each other. */
let scheduleEdits = Promise.resolve();

function storedSchedules(value) {
  return value && typeof value === "object" && !Array.isArray(value) ? value : {};
}

function storeNextRun(db, id, at) {
  const edit = scheduleEdits.then(async () => {
    const stored = storedSchedules(await db.get(schedulesKey));
    await db.set(schedulesKey, { ...stored, [id]: at });
  });
  scheduleEdits = edit.catch(() => {});
  return edit;
}

/**
 * Called once the bot is ready: the schedule "settings.id" runs every "settings.every" seconds.
 * Its next run is kept under "schedules" ({ id: ms since 1970 }), so a restart does not start the
 * interval over: one missed while the bot was down runs once, now, and the next an interval later.
 */
async function startSchedule(client, context, settings, body) {
  const { db } = context;
  const interval = settings.every * 1000;
  let next = Date.now() + interval;
  try {
    const stored = storedSchedules(await db.get(schedulesKey))[settings.id];
    // Never later than one interval from now (the interval may have been shortened since).
    if (typeof stored === "number" && Number.isFinite(stored) && stored < next) next = stored;
    else await storeNextRun(db, settings.id, next);
  } catch (error) {
    console.error("[blueprint] schedule: reading its next run failed: " + reasonOf(error));
  }
  const arm = (at) => {
    const left = at - Date.now();
    if (left > longestDelay) setTimeout(() => arm(at), longestDelay);
    else setTimeout(due, Math.max(0, left));
  };
  const due = async () => {
    const after = Date.now() + interval;
    arm(after);
    // Stored before the actions run: a run that fails, or stops the bot, is not run again.
    await storeNextRun(db, settings.id, after).catch((error) =>
      console.error("[blueprint] schedule: storing its next run failed: " + reasonOf(error)),
    );
    await runSchedule(client, context, settings, body);
  };
  arm(next);
}

/**
 * A schedule: the actions run in each server the bot is in, in that server's channel of that name
 * (without a name: the system channel, else the first text channel).
 */
async function runSchedule(client, context, { channel }, body) {
  const where = "schedule";
  for (const guild of client.guilds.cache.values()) {
    const here = channel ? textChannelNamed(guild, channel) : guild.systemChannel || firstTextChannel(guild);
    if (!here) {
      console.error("[blueprint] " + where + ": channel failed: there is no channel " + (channel ? "#" + channel : "") + " in " + guild.name);
      continue;
    }
    const run = new Run(where, context, { client, guild, channel: here });
    await runBody(run, body);
  }
}
`;
