import { describe, expect, it } from "vitest";

import { checkGeneratedCode } from "./guard";

const js = (content: string) => checkGeneratedCode([{ path: "index.js", content }]);
const py = (content: string) => checkGeneratedCode([{ path: "main.py", content }]);

describe("checkGeneratedCode", () => {
  it("accepts a bot that reads only the runtime's variables and passes the token only to login", () => {
    expect(
      js(
        [
          "const { Client, GatewayIntentBits, REST } = require('discord.js');",
          "const { DISCORD_TOKEN, GUILD_ID } = process.env;",
          "const rest = new REST().setToken(process.env.DISCORD_TOKEN);",
          "const file = process.env['DB_FILE'] ?? 'data/db.json';",
          "client.on('messageCreate', (m) => m.reply('Your token is safe'));",
          "client.login(process.env.DISCORD_TOKEN);",
        ].join("\n"),
      ),
    ).toEqual([]);
    expect(
      py(
        [
          "import os",
          "from os import environ",
          "import discord",
          "guild = os.environ.get('GUILD_ID')",
          "db_file = environ['DB_FILE']",
          "bot.run(os.environ['DISCORD_TOKEN'])",
        ].join("\n"),
      ),
    ).toEqual([]);
  });

  it("refuses other environment variables and the environment as a whole", () => {
    expect(js("console.log(process.env.DATABASE_URL)")[0]?.message).toContain("DATABASE_URL");
    expect(js("const all = process.env;")).toHaveLength(1);
    expect(js("Object.keys(process.env).forEach(send)")).toHaveLength(1);
    expect(js("const { AUTH_SECRET } = process.env;")[0]?.message).toContain("AUTH_SECRET");
    expect(js("const v = process.env[name];")).toHaveLength(1);
    expect(py("key = os.getenv('OPENAI_API_KEY')")[0]?.message).toContain("OPENAI_API_KEY");
    expect(py("for k, v in os.environ.items():\n    print(k)")).toHaveLength(1);
  });

  it("refuses files outside the bot and child processes", () => {
    expect(js("fs.readFileSync('/etc/passwd', 'utf8')")[0]?.message).toContain("/etc/passwd");
    expect(js("fs.writeFileSync('../other-bot/data.json', '{}')")[0]?.message).toContain("../other-bot");
    expect(js("const { exec } = require('child_process');")[0]?.message).toContain("child_process");
    expect(py("import subprocess\nsubprocess.run(['ls'])").length).toBeGreaterThan(0);
    expect(py("open(os.path.expanduser('~/.ssh/id_rsa'))").length).toBeGreaterThan(0);
  });

  it("refuses self-bots and token grabbers", () => {
    expect(js("const { Client } = require('discord.js-selfbot-v13');")[0]?.message).toContain("self-bot");
    expect(py("bot.run(token, bot=False)")[0]?.message).toContain("self-bot");
    expect(js("const p = path.join(process.env.APPDATA, 'discord', 'Local Storage/leveldb');").length).toBeGreaterThan(
      0,
    );
    expect(js("channel.send(`token: ${client.token}`)")[0]?.message).toContain("token");
    expect(py("await channel.send(os.environ['DISCORD_TOKEN'])")[0]?.message).toContain("token");
  });

  it("reads only code files, and says where each problem is", () => {
    expect(checkGeneratedCode([{ path: "README.md", content: "Set process.env.ANYTHING" }])).toEqual([]);
    expect(js("const a = 1;\nconst b = process.env.SECRET;")[0]).toMatchObject({ path: "index.js", line: 2 });
  });
});
