import { describe, expect, it } from "vitest";

import { understand } from "./index";
import { spokenText } from "./spoken";
import { replyTexts } from "./test-support";

describe("a reply said in words", () => {
  it("reads how to say it as placeholders and emoji, not as the text", () => {
    expect(spokenText("hello back using their name")).toBe("Hello, {user.name}!");
    expect(spokenText("gm back with a sun emoji")).toBe("gm ☀️");
    expect(spokenText("hey there mentioning them")).toBe("Hey there, {user.mention}!");
    expect(spokenText("welcome and their username")).toBe("Welcome, {user.name}!");
  });

  it("leaves text alone when nothing in it says how", () => {
    expect(spokenText("pong")).toBe("pong");
    expect(spokenText("the rules are posted in the pins")).toBe("the rules are posted in the pins");
    // An emoji it does not know stays as words.
    expect(spokenText("hi with a zorb emoji")).toBe("hi with a zorb emoji");
  });

  it("builds the bot people asked for", () => {
    const hello = understand("When someone types !hello, say hello back using their name");
    expect(hello.blueprint.commands.flatMap((command) => replyTexts(command.actions))).toEqual(["Hello, {user.name}!"]);
    const gm = understand("when someone says gm reply gm back with a sun emoji");
    expect(gm.blueprint.events.flatMap((event) => replyTexts(event.actions))).toEqual(["gm ☀️"]);
  });
});

describe("a reply said in words, misread no more", () => {
  it("keeps 'back' where it is the text, and a greeting only where there is one", () => {
    expect(spokenText("welcome back")).toBe("welcome back");
    expect(spokenText("I'll be back")).toBe("I'll be back");
    expect(spokenText("with your name")).toBe("{user.name}");
    expect(spokenText("please tag them")).toBe("{user.mention}");
  });
});

describe("facts in a reply said in words", () => {
  it("reads the server's name, the member count and a link", () => {
    expect(spokenText("welcome to the server name, we now have how many members")).toBe(
      "welcome to {server.name}, we now have {server.members}",
    );
    expect(spokenText("a link to our website example.org")).toBe("example.org");
  });
});
