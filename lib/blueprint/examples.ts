/**
 * Blueprints of the bots communities actually run, one per kind: the schema's tests, the
 * compilers' snapshots, the proof's integration suite and `npm run bench:builder` all use them.
 * Each must pass `blueprintSchema` (a test says so).
 */
import type { BlueprintInput } from "./schema";

export const exampleBlueprints: Record<string, BlueprintInput> = {
  utility: {
    version: 1,
    name: "Utility",
    data: [{ name: "todo", kind: "list", scope: "member" }],
    commands: [
      {
        name: "ping",
        description: "Check that the bot answers",
        actions: [{ do: "reply", message: { text: "Pong!" } }],
      },
      {
        name: "uptime",
        description: "How long the bot has been online",
        actions: [
          { do: "reply", message: { text: "Online for {bot.uptime} (latency {bot.ping} ms). I am {bot.name}." } },
        ],
      },
      {
        name: "reverse",
        description: "Your text backwards",
        options: [{ name: "text", description: "What to reverse", type: "string" }],
        actions: [
          {
            do: "reply",
            message: { text: "{option.text.reversed} ({option.text.length} characters; loud: {option.text.upper})" },
          },
        ],
      },
      {
        name: "serverinfo",
        description: "About this server",
        actions: [
          {
            do: "reply",
            message: {
              embed: {
                title: "{server.name}",
                description: "{server.members} members",
                color: "#5865F2",
                fields: [{ name: "Asked by", value: "{user.mention}", inline: true }],
              },
            },
          },
        ],
      },
      {
        name: "userinfo",
        description: "About a member",
        options: [{ name: "member", description: "Who", type: "user", required: false }],
        actions: [
          {
            do: "if",
            when: { test: "isSet", value: "{option.member}" },
            then: [
              {
                do: "reply",
                message: { text: "{option.member.name} has the id {option.member.id}. Roles: {option.member.roles}." },
              },
            ],
            else: [
              {
                do: "reply",
                message: { text: "You are {user.name}, id {user.id}. Roles: {user.roles} (highest: {user.toprole})." },
                ephemeral: true,
              },
            ],
          },
        ],
      },
      {
        name: "todo",
        description: "Your to-do list",
        subcommands: [
          {
            name: "add",
            description: "Add an item to your list",
            options: [{ name: "item", description: "What to add", type: "string" }],
            actions: [
              { do: "store", data: "todo", op: "append", value: "{option.item}", saveAs: "count" },
              { do: "reply", message: { text: "Added “{option.item}” to your list ({result.count} in all)." } },
            ],
          },
          {
            name: "list",
            description: "Show your list",
            actions: [
              { do: "store", data: "todo", op: "list", limit: 100, saveAs: "items" },
              {
                do: "if",
                when: { test: "compare", left: "{result.items}", op: "==", right: "(none)" },
                then: [{ do: "reply", message: { text: "Your list is empty." } }],
                else: [{ do: "reply", message: { text: "Your list:\n{result.items.numbered}" } }],
              },
            ],
          },
          {
            name: "done",
            description: "Remove an item by its number",
            options: [{ name: "number", description: "Its number in the list", type: "integer", min: 1 }],
            actions: [
              { do: "store", data: "todo", op: "removeAt", value: "{option.number}", saveAs: "removed" },
              { do: "reply", message: { text: "Removed “{result.removed}” from your list." } },
            ],
          },
        ],
      },
    ],
  },

  dice: {
    version: 1,
    name: "Dice",
    commands: [
      {
        name: "roll",
        description: "Roll a die",
        options: [
          {
            name: "sides",
            description: "How many sides",
            type: "integer",
            required: false,
            default: "6",
            min: 2,
            max: 1000,
          },
        ],
        actions: [
          { do: "random", min: 1, max: "{option.sides}", saveAs: "roll" },
          { do: "reply", message: { text: "{user.mention} rolled {result.roll} (d{option.sides})." } },
        ],
      },
      {
        name: "dice",
        description: "Roll dice like 2d6 or 1d20+5",
        options: [{ name: "dice", description: "Dice like 2d6 or 1d20+5", type: "string", required: true }],
        actions: [
          { do: "random", dice: "{option.dice}", saveAs: "total" },
          { do: "reply", message: { text: "🎲 {option.dice}: **{result.total}**" } },
        ],
      },
      {
        name: "choose",
        description: "Pick one of the options you list",
        options: [{ name: "options", description: "Options, separated by commas", type: "string", required: true }],
        actions: [
          { do: "random", from: "{option.options}", saveAs: "pick" },
          { do: "reply", message: { text: "I choose **{result.pick}**." } },
        ],
      },
      {
        name: "8ball",
        description: "Ask the magic 8-ball",
        options: [{ name: "question", description: "Your question", type: "string" }],
        actions: [
          { do: "random", choices: ["Yes.", "No.", "Ask again later.", "Without a doubt."], saveAs: "answer" },
          { do: "reply", message: { text: "> {option.question}\n{result.answer}" } },
        ],
      },
      {
        name: "coin",
        description: "Flip a coin",
        type: "prefix",
        actions: [
          { do: "random", choices: ["Heads", "Tails"], saveAs: "side" },
          { do: "reply", message: { text: "{result.side}!" } },
        ],
      },
    ],
  },

  moderation: {
    version: 1,
    name: "Moderation with a warn ladder",
    data: [{ name: "strikes", kind: "number", scope: "member", initial: "0" }],
    commands: [
      {
        name: "warn",
        description: "Give a member a strike",
        permissions: ["ModerateMembers"],
        options: [
          { name: "member", description: "Who to warn", type: "user" },
          { name: "reason", description: "Which rule was broken", type: "string" },
        ],
        actions: [
          { do: "store", data: "strikes", op: "increment", member: "{option.member}", saveAs: "count" },
          {
            do: "if",
            when: { test: "compare", left: "{result.count}", op: "==", right: "1" },
            then: [
              { do: "dm", member: "{option.member}", message: { text: "Warning in {server.name}: {option.reason}" } },
            ],
            else: [
              {
                do: "if",
                when: { test: "compare", left: "{result.count}", op: "==", right: "2" },
                then: [
                  { do: "timeout", member: "{option.member}", duration: "1h", reason: "Strike 2: {option.reason}" },
                ],
                else: [
                  {
                    do: "if",
                    when: { test: "compare", left: "{result.count}", op: "==", right: "3" },
                    then: [
                      { do: "ban", member: "{option.member}", duration: "24h", reason: "Strike 3: {option.reason}" },
                    ],
                    else: [{ do: "ban", member: "{option.member}", reason: "Strike {result.count}: {option.reason}" }],
                  },
                ],
              },
            ],
          },
          {
            do: "reply",
            message: { text: "{option.member.mention} now has {result.count} strike(s)." },
            ephemeral: true,
          },
        ],
      },
      {
        name: "purge",
        description: "Delete recent messages",
        permissions: ["ManageMessages"],
        options: [{ name: "count", description: "How many (1–100)", type: "integer", min: 1, max: 100 }],
        actions: [
          { do: "purge", count: "{option.count}" },
          { do: "reply", message: { text: "Deleted the last {option.count} messages." }, ephemeral: true },
        ],
      },
    ],
  },

  automod: {
    version: 1,
    name: "Automod",
    events: [
      {
        on: "messageContains",
        words: ["badword", "spamlink.example"],
        actions: [
          { do: "deleteMessage" },
          {
            do: "send",
            channel: "#mod-log",
            message: { text: "Deleted a message by {user.mention} in {channel.mention}." },
          },
        ],
      },
      {
        on: "messageMatches",
        pattern: "(free|cheap) nitro",
        actions: [{ do: "deleteMessage" }, { do: "timeout", member: "{user}", duration: "10m", reason: "Nitro scam" }],
      },
    ],
  },

  welcome: {
    version: 1,
    name: "Welcome and auto-role",
    events: [
      {
        on: "memberJoin",
        actions: [
          { do: "addRole", member: "{user}", role: "Member" },
          {
            do: "send",
            channel: "#welcome",
            message: {
              embed: { title: "Welcome!", description: "Say hi to {user.mention}, member #{server.members}." },
            },
          },
        ],
      },
      { on: "memberLeave", actions: [{ do: "send", channel: "#welcome", message: { text: "{user.name} left." } }] },
    ],
  },

  selfRoles: {
    version: 1,
    name: "Self-assigned roles",
    commands: [
      {
        name: "roles",
        description: "Post the role picker",
        permissions: ["ManageRoles"],
        actions: [
          {
            do: "send",
            channel: "here",
            message: {
              text: "Pick your pings:",
              buttons: [
                { id: "role_news", label: "News", style: "primary" },
                { id: "role_events", label: "Events", style: "secondary" },
              ],
            },
          },
          { do: "reply", message: { text: "Posted." }, ephemeral: true },
        ],
      },
    ],
    events: [
      {
        on: "button",
        button: "role_news",
        actions: [
          { do: "toggleRole", member: "{user}", role: "News" },
          { do: "reply", message: { text: "Toggled News." }, ephemeral: true },
        ],
      },
      {
        on: "button",
        button: "role_events",
        actions: [
          { do: "toggleRole", member: "{user}", role: "Events" },
          { do: "reply", message: { text: "Toggled Events." }, ephemeral: true },
        ],
      },
    ],
  },

  poll: {
    version: 1,
    name: "Polls and suggestions",
    commands: [
      {
        name: "suggest",
        description: "Make a suggestion",
        options: [{ name: "idea", description: "Your idea", type: "string" }],
        actions: [
          {
            do: "send",
            channel: "#suggestions",
            message: { embed: { title: "Suggestion", description: "{option.idea}", footer: "From {user.name}" } },
            saveAs: "post",
          },
          // On what it posted: members vote with the reactions the bot put there.
          { do: "react", emoji: "👍", message: "{result.post}" },
          { do: "react", emoji: "👎", message: "{result.post}" },
          { do: "reply", message: { text: "Thanks! Posted in #suggestions." }, ephemeral: true },
        ],
      },
      {
        name: "poll",
        description: "Ask a yes/no question",
        options: [{ name: "question", description: "The question", type: "string" }],
        actions: [
          { do: "send", channel: "here", message: { text: "📊 {option.question}" }, saveAs: "poll" },
          { do: "react", emoji: "✅", message: "{result.poll}" },
          { do: "react", emoji: "❌", message: "{result.poll}" },
          { do: "reply", message: { text: "Poll posted." }, ephemeral: true },
        ],
      },
      {
        name: "vote",
        description: "A poll of your own choices",
        options: [
          { name: "question", description: "The question", type: "string" },
          { name: "choices", description: "Up to 4 choices, separated by commas", type: "string" },
        ],
        actions: [
          {
            do: "send",
            channel: "here",
            message: { text: "📊 **{option.question}**\n{option.choices.numbered}" },
            saveAs: "poll",
          },
          // One reaction a choice: as many as the choices typed.
          ...(["1️⃣", "2️⃣", "3️⃣", "4️⃣"] as const).map((emoji, index) => ({
            do: "if" as const,
            when: { test: "compare" as const, left: "{option.choices.count}", op: ">" as const, right: String(index) },
            then: [{ do: "react" as const, emoji, message: "{result.poll}" }],
            else: [],
          })),
          { do: "reply", message: { text: "Poll posted with {option.choices.count} choices." }, ephemeral: true },
        ],
      },
    ],
    events: [
      {
        on: "reactionAdd",
        emoji: "👍",
        channel: "#suggestions",
        actions: [
          { do: "send", channel: "#mod-log", message: { text: "{user.name} liked a suggestion: {message.link}" } },
        ],
      },
    ],
  },

  economy: {
    version: 1,
    name: "Economy",
    data: [
      { name: "coins", kind: "number", scope: "member", initial: "0" },
      { name: "last_daily", kind: "number", scope: "member", initial: "0" },
    ],
    commands: [
      {
        name: "balance",
        description: "Your coins",
        actions: [{ do: "reply", message: { text: "{user.mention}, you have {data.coins} coins." } }],
      },
      {
        name: "daily",
        description: "Collect 100 coins once a day",
        cooldown: { seconds: 86_400, per: "user", message: "You already collected today." },
        actions: [
          { do: "store", data: "coins", op: "increment", value: "100", saveAs: "total" },
          { do: "reply", message: { text: "+100 coins! You now have {result.total}." } },
        ],
      },
      {
        name: "pay",
        description: "Give coins to a member",
        options: [
          { name: "member", description: "Who", type: "user" },
          { name: "amount", description: "How many", type: "integer", min: 1 },
        ],
        actions: [
          {
            do: "if",
            when: { test: "compare", left: "{data.coins}", op: "<", right: "{option.amount}" },
            then: [
              { do: "reply", message: { text: "You only have {data.coins} coins." }, ephemeral: true },
              { do: "stop" },
            ],
          },
          { do: "store", data: "coins", op: "decrement", value: "{option.amount}" },
          { do: "store", data: "coins", op: "increment", member: "{option.member}", value: "{option.amount}" },
          { do: "reply", message: { text: "{user.mention} paid {option.member.mention} {option.amount} coins." } },
        ],
      },
    ],
  },

  leveling: {
    version: 1,
    name: "Leveling",
    data: [{ name: "xp", kind: "number", scope: "member", initial: "0" }],
    events: [
      {
        on: "messageMatches",
        pattern: ".",
        actions: [
          { do: "store", data: "xp", op: "increment", value: "10", saveAs: "xp" },
          { do: "calculate", expression: "{result.xp} % 100", saveAs: "rest" },
          {
            do: "if",
            when: { test: "compare", left: "{result.rest}", op: "==", right: "0" },
            then: [
              { do: "calculate", expression: "floor({result.xp} / 100)", saveAs: "level" },
              { do: "reply", message: { text: "{user.mention} reached level {result.level}!" } },
            ],
          },
        ],
      },
    ],
    commands: [
      { name: "rank", description: "Your XP", actions: [{ do: "reply", message: { text: "You have {data.xp} XP." } }] },
    ],
  },

  reminders: {
    version: 1,
    name: "Reminders",
    commands: [
      {
        name: "remind",
        description: "Remind you in a few minutes",
        options: [
          { name: "minutes", description: "In how many minutes", type: "integer", min: 1, max: 10_080 },
          { name: "what", description: "What to remind you of", type: "string" },
        ],
        actions: [
          // The wait first: a time it cannot set is said instead of the reply.
          {
            do: "wait",
            duration: "{option.minutes}m",
            then: [{ do: "dm", member: "{user}", message: { text: "Reminder: {option.what}" } }],
          },
          { do: "reply", message: { text: "I'll remind you in {option.minutes} minutes." }, ephemeral: true },
        ],
      },
      {
        name: "remindme",
        description: "Remind you after a while",
        options: [
          { name: "in", description: 'How long: "10m", "2 hours", "1d"', type: "string" },
          { name: "what", description: "What to remind you of", type: "string" },
        ],
        actions: [
          {
            do: "wait",
            duration: "{option.in}",
            then: [{ do: "send", channel: "here", message: { text: "{user.mention} Reminder: {option.what}" } }],
          },
          { do: "reply", message: { text: "Okay, I'll remind you in {option.in}." } },
        ],
      },
    ],
  },

  tickets: {
    version: 1,
    name: "Tickets",
    commands: [
      {
        name: "ticketpanel",
        description: "Post the ticket button",
        permissions: ["ManageChannels"],
        actions: [
          {
            do: "send",
            channel: "here",
            message: {
              text: "Need help? Open a ticket.",
              buttons: [{ id: "open_ticket", label: "Open ticket", style: "success" }],
            },
          },
          { do: "reply", message: { text: "Panel posted." }, ephemeral: true },
        ],
      },
      {
        name: "add",
        description: "Add someone to this ticket",
        permissions: ["ManageChannels"],
        options: [{ name: "member", description: "Who to add", type: "user", required: true }],
        actions: [
          { do: "addToChannel", channel: "here", member: "{option.member}" },
          { do: "reply", message: { text: "Added {option.member.mention} to this ticket." } },
        ],
      },
      {
        name: "remove",
        description: "Take someone out of this ticket",
        permissions: ["ManageChannels"],
        options: [{ name: "member", description: "Who to take out", type: "user", required: true }],
        actions: [
          { do: "removeFromChannel", channel: "here", member: "{option.member}" },
          { do: "reply", message: { text: "{option.member.name} is no longer in this ticket." } },
        ],
      },
      {
        name: "close",
        description: "Close this ticket",
        permissions: ["ManageChannels"],
        actions: [
          { do: "reply", message: { text: "Closing in 5 seconds." } },
          { do: "deleteChannel", channel: "here", after: "5s" },
        ],
      },
    ],
    events: [
      {
        on: "button",
        button: "open_ticket",
        actions: [
          { do: "createChannel", name: "ticket-{user.name}", member: "{user}", staffRole: "Staff", saveAs: "ticket" },
          { do: "send", channel: "{result.ticket}", message: { text: "{user.mention}, staff will be with you soon." } },
          { do: "reply", message: { text: "Your ticket: {result.ticket.mention}" }, ephemeral: true },
        ],
      },
    ],
  },

  faq: {
    version: 1,
    name: "FAQ lookup",
    tables: [{ name: "answers", rows: { rules: "Be kind. No spam.", hours: "Staff are around 9–17 UTC." } }],
    commands: [
      {
        name: "faq",
        description: "Look up an answer",
        options: [
          {
            name: "topic",
            description: "Which topic",
            type: "string",
            choices: [
              { name: "Rules", value: "rules" },
              { name: "Hours", value: "hours" },
            ],
          },
        ],
        actions: [
          {
            do: "lookup",
            table: "answers",
            key: "{option.topic}",
            fallback: "I don't know that one.",
            saveAs: "answer",
          },
          { do: "reply", message: { text: "{result.answer}" } },
        ],
      },
    ],
  },

  calculator: {
    version: 1,
    name: "Calculator",
    commands: [
      {
        name: "calc",
        description: "Add, multiply and more",
        subcommands: [
          {
            name: "add",
            description: "a + b",
            options: [
              { name: "a", description: "First", type: "number" },
              { name: "b", description: "Second", type: "number" },
            ],
            actions: [
              { do: "calculate", expression: "{option.a} + {option.b}", saveAs: "sum" },
              { do: "reply", message: { text: "{option.a} + {option.b} = {result.sum}" } },
            ],
          },
          {
            name: "average",
            description: "The average of the numbers you type",
            options: [{ name: "numbers", description: "Numbers, like 3 4 5 or 2.5, 7", type: "string" }],
            actions: [
              { do: "calculate", expression: "average({option.numbers})", saveAs: "average" },
              { do: "calculate", expression: "sum({option.numbers})", saveAs: "total" },
              { do: "reply", message: { text: "Average: {result.average} (sum {result.total})" } },
            ],
          },
          {
            name: "solve",
            description: "Work out a sum you type, like 2+3*4",
            options: [{ name: "expression", description: "A sum, like (1+2)*3", type: "string" }],
            actions: [
              { do: "calculate", expression: "evaluate({option.expression})", saveAs: "answer" },
              {
                do: "if",
                when: { test: "compare", left: "{result.answer}", op: "==", right: "NaN" },
                then: [
                  {
                    do: "reply",
                    message: { text: "I couldn't work out “{option.expression}”. Try something like 2+3*4." },
                    ephemeral: true,
                  },
                ],
                else: [{ do: "reply", message: { text: "{option.expression} = {result.answer}" } }],
              },
            ],
          },
          {
            name: "power",
            description: "a to the power b",
            options: [
              { name: "a", description: "Base", type: "number" },
              { name: "b", description: "Exponent", type: "number", max: 100 },
            ],
            actions: [
              { do: "calculate", expression: "{option.a} ^ {option.b}", saveAs: "result" },
              { do: "reply", message: { text: "= {result.result}" } },
            ],
          },
        ],
      },
    ],
  },

  customCommands: {
    version: 1,
    name: "Custom commands",
    data: [{ name: "responses", kind: "text", scope: "server", keyed: true }],
    commands: [
      {
        name: "cc",
        description: "Custom commands",
        permissions: ["ManageGuild"],
        subcommands: [
          {
            name: "add",
            description: "Add one",
            options: [
              { name: "trigger", description: "The word", type: "string" },
              { name: "response", description: "The answer", type: "string" },
            ],
            actions: [
              { do: "store", data: "responses", op: "set", key: "{option.trigger}", value: "{option.response}" },
              { do: "reply", message: { text: "Added {option.trigger}." }, ephemeral: true },
            ],
          },
          {
            name: "list",
            description: "List them",
            actions: [
              { do: "store", data: "responses", op: "list", order: "key", saveAs: "all" },
              { do: "reply", message: { text: "{result.all}" }, ephemeral: true },
            ],
          },
        ],
      },
    ],
  },

  feedbackForm: {
    version: 1,
    name: "Feedback form",
    commands: [
      {
        name: "feedback",
        description: "Send feedback",
        actions: [
          {
            do: "showModal",
            modal: {
              id: "feedback_form",
              title: "Feedback",
              fields: [
                { id: "topic", label: "Topic", style: "short" },
                { id: "details", label: "Details", style: "paragraph", required: false },
              ],
            },
          },
        ],
      },
    ],
    events: [
      {
        on: "modalSubmit",
        modal: "feedback_form",
        actions: [
          {
            do: "send",
            channel: "#feedback",
            message: { text: "**{field.topic}** from {user.mention}\n{field.details}" },
          },
          { do: "reply", message: { text: "Thanks for the feedback!" }, ephemeral: true },
        ],
      },
    ],
  },

  reactionRoles: {
    version: 1,
    name: "Reaction roles",
    events: [
      {
        on: "reactionAdd",
        emoji: "✅",
        channel: "#rules",
        actions: [
          { do: "addRole", member: "{user}", role: "Verified", reason: "Accepted the rules" },
          { do: "dm", member: "{user}", message: { text: "Welcome in, {user.name}! You can now see every channel." } },
        ],
      },
      {
        on: "reactionRemove",
        emoji: "✅",
        channel: "#rules",
        actions: [{ do: "removeRole", member: "{user}", role: "Verified" }],
      },
    ],
  },

  verification: {
    version: 1,
    name: "Button verification",
    commands: [
      {
        name: "verifypanel",
        description: "Post the verify button",
        permissions: ["ManageRoles"],
        actions: [
          {
            do: "send",
            channel: "here",
            message: {
              embed: { title: "Verify", description: "Click the button to get access.", color: "#57F287" },
              buttons: [{ id: "verify", label: "I am human", style: "success" }],
            },
          },
          { do: "reply", message: { text: "Verify panel posted." }, ephemeral: true },
        ],
      },
    ],
    events: [
      {
        on: "button",
        button: "verify",
        actions: [
          {
            do: "if",
            when: { test: "hasRole", member: "{user}", role: "Verified" },
            then: [{ do: "reply", message: { text: "You are already verified." }, ephemeral: true }],
            else: [
              { do: "addRole", member: "{user}", role: "Verified" },
              { do: "reply", message: { text: "Verified. Welcome!" }, ephemeral: true },
            ],
          },
        ],
      },
    ],
  },

  counter: {
    version: 1,
    name: "Server counter",
    data: [{ name: "count", kind: "number", scope: "server", initial: "0" }],
    commands: [
      {
        name: "count",
        description: "Add one to the server's counter",
        cooldown: { seconds: 5, per: "user" },
        actions: [
          { do: "store", data: "count", op: "increment", saveAs: "total" },
          { do: "reply", message: { text: "The counter is at {result.total}." } },
        ],
      },
      {
        name: "resetcount",
        description: "Set the counter back to zero",
        permissions: ["ManageGuild"],
        actions: [
          { do: "store", data: "count", op: "set", value: "0" },
          { do: "reply", message: { text: "Counter reset." }, ephemeral: true },
        ],
      },
    ],
  },

  quotes: {
    version: 1,
    name: "Quote book",
    data: [{ name: "quotes", kind: "list", scope: "server" }],
    commands: [
      {
        name: "quote",
        description: "The server's quote book",
        subcommands: [
          {
            name: "add",
            description: "Add a quote",
            options: [{ name: "text", description: "What was said", type: "string" }],
            actions: [
              {
                do: "store",
                data: "quotes",
                op: "append",
                value: "“{option.text}” — added by {user.name}",
                saveAs: "size",
              },
              { do: "reply", message: { text: "Quote #{result.size} saved." } },
            ],
          },
          {
            name: "list",
            description: "Every quote",
            actions: [
              { do: "store", data: "quotes", op: "list", limit: 20, saveAs: "all" },
              { do: "reply", message: { embed: { title: "Quote book", description: "{result.all}" } } },
            ],
          },
        ],
      },
    ],
  },

  birthdays: {
    version: 1,
    name: "Birthdays",
    data: [{ name: "birthday", kind: "text", scope: "user" }],
    commands: [
      {
        name: "birthday",
        description: "Birthdays",
        subcommands: [
          {
            name: "set",
            description: "Save your birthday",
            options: [{ name: "date", description: "e.g. 14 March", type: "string" }],
            actions: [
              { do: "store", data: "birthday", op: "set", value: "{option.date}" },
              { do: "reply", message: { text: "Saved: {option.date}." }, ephemeral: true },
            ],
          },
          {
            name: "show",
            description: "Someone's birthday",
            options: [{ name: "member", description: "Whose", type: "user" }],
            actions: [
              { do: "store", data: "birthday", op: "get", member: "{option.member}", saveAs: "date" },
              {
                do: "if",
                when: { test: "isSet", value: "{result.date}" },
                then: [{ do: "reply", message: { text: "{option.member.name}'s birthday is {result.date}." } }],
                else: [{ do: "reply", message: { text: "{option.member.name} has not saved a birthday." } }],
              },
            ],
          },
        ],
      },
    ],
  },

  rockPaperScissors: {
    version: 1,
    name: "Rock paper scissors",
    commands: [
      {
        name: "rps",
        description: "Play rock, paper, scissors",
        options: [
          {
            name: "choice",
            description: "Your move",
            type: "string",
            choices: [
              { name: "Rock", value: "rock" },
              { name: "Paper", value: "paper" },
              { name: "Scissors", value: "scissors" },
            ],
          },
        ],
        actions: [
          { do: "random", choices: ["rock", "paper", "scissors"], saveAs: "mine" },
          {
            do: "if",
            when: { test: "compare", left: "{option.choice}", op: "==", right: "{result.mine}" },
            then: [{ do: "reply", message: { text: "I chose {result.mine} too: a tie!" } }],
            else: [{ do: "reply", message: { text: "You chose {option.choice}, I chose {result.mine}." } }],
          },
        ],
      },
    ],
  },

  announcements: {
    version: 1,
    name: "Announcements",
    commands: [
      {
        name: "announce",
        description: "Post an announcement",
        permissions: ["ManageGuild"],
        options: [
          { name: "text", description: "What to announce", type: "string" },
          { name: "channel", description: "Where (default #announcements)", type: "channel", required: false },
        ],
        actions: [
          {
            do: "if",
            when: { test: "isSet", value: "{option.channel}" },
            then: [
              {
                do: "send",
                channel: "{option.channel}",
                message: { embed: { title: "Announcement", description: "{option.text}" } },
              },
            ],
            else: [
              {
                do: "send",
                channel: "#announcements",
                message: { embed: { title: "Announcement", description: "{option.text}" } },
              },
            ],
          },
          { do: "reply", message: { text: "Announced." }, ephemeral: true },
        ],
      },
    ],
    events: [
      {
        on: "schedule",
        every: "24h",
        channel: "#announcements",
        actions: [
          { do: "send", channel: "#announcements", message: { text: "Daily reminder: read the rules in #rules." } },
        ],
      },
    ],
  },

  inviteGuard: {
    version: 1,
    name: "Invite link guard",
    data: [{ name: "invites", kind: "number", scope: "member", initial: "0" }],
    events: [
      {
        on: "messageMatches",
        pattern: "discord\\.gg/\\w+",
        actions: [
          { do: "deleteMessage" },
          { do: "store", data: "invites", op: "increment", saveAs: "count" },
          {
            do: "if",
            when: { test: "compare", left: "{result.count}", op: ">=", right: "3" },
            then: [{ do: "kick", member: "{user}", reason: "Posted invite links three times" }],
            else: [
              {
                do: "dm",
                member: "{user}",
                message: { text: "Invite links are not allowed here ({result.count}/3)." },
              },
            ],
          },
        ],
      },
    ],
  },

  slowmodeControl: {
    version: 1,
    name: "Slowmode control",
    commands: [
      {
        name: "slow",
        description: "One message every 10 seconds in this channel",
        permissions: ["ManageChannels"],
        actions: [
          { do: "slowmode", channel: "here", seconds: 10 },
          { do: "reply", message: { text: "Slowmode set in {channel.mention}." }, ephemeral: true },
        ],
      },
      {
        name: "lockdown",
        description: "Slow this channel to one message a minute for an hour",
        permissions: ["ManageChannels"],
        actions: [
          { do: "slowmode", channel: "here", seconds: 60 },
          { do: "reply", message: { text: "Lockdown: one message a minute for the next hour." } },
          { do: "wait", duration: "1h", then: [{ do: "slowmode", channel: "here", seconds: 0 }] },
        ],
      },
      {
        name: "lock",
        description: "Stop members from sending messages here",
        permissions: ["ManageChannels"],
        actions: [
          { do: "lockChannel", channel: "here" },
          { do: "reply", message: { text: "🔒 {channel.mention} is locked." } },
        ],
      },
      {
        name: "unlock",
        description: "Let members send messages here again",
        permissions: ["ManageChannels"],
        actions: [
          { do: "unlockChannel", channel: "here" },
          { do: "reply", message: { text: "🔓 {channel.mention} is unlocked." } },
        ],
      },
    ],
  },

  suggestionBox: {
    version: 1,
    name: "Suggestion box",
    data: [{ name: "suggestions", kind: "number", scope: "server", initial: "0" }],
    commands: [
      {
        name: "suggestbox",
        description: "Post the suggestion box",
        permissions: ["ManageGuild"],
        actions: [
          {
            do: "send",
            channel: "here",
            message: {
              text: "Have an idea?",
              buttons: [{ id: "open_suggestion", label: "Suggest something", style: "primary" }],
            },
          },
          { do: "reply", message: { text: "Posted." }, ephemeral: true },
        ],
      },
    ],
    events: [
      {
        on: "button",
        button: "open_suggestion",
        actions: [
          {
            do: "showModal",
            modal: {
              id: "suggestion_form",
              title: "Your suggestion",
              fields: [{ id: "idea", label: "Idea", style: "paragraph", maxLength: 1000 }],
            },
          },
        ],
      },
      {
        on: "modalSubmit",
        modal: "suggestion_form",
        actions: [
          { do: "store", data: "suggestions", op: "increment", saveAs: "number" },
          {
            do: "send",
            channel: "#suggestions",
            message: {
              embed: { title: "Suggestion #{result.number}", description: "{field.idea}", footer: "From {user.name}" },
            },
            saveAs: "post",
          },
          { do: "reply", message: { text: "Thanks! Posted as suggestion #{result.number}." }, ephemeral: true },
        ],
      },
    ],
  },
};
