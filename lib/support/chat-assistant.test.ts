import { describe, expect, it, vi } from "vitest";

import { features } from "@/lib/site/features";

import {
  answerSupportQuestion,
  DEFAULT_SUPPORT_REPLY,
  matchSupportTopic,
  REPLY_DELAY_MAX_MS,
  REPLY_DELAY_MIN_MS,
  replyDelayMs,
  replyToSupportQuestion,
  SUPPORT_CHAT_FAILURE,
  topicReplies,
} from "./chat-assistant";
import { quickQuestions } from "./quick-questions";

const ask = (question: string) => answerSupportQuestion(question, []);

describe("answerSupportQuestion", () => {
  it("explains what the product is", async () => {
    const reply = await ask("What is Cipher?");
    expect(reply).toBe(topicReplies.product);
    expect(reply).toMatch(/Discord bot/);
    expect(reply).toMatch(/plain words/);
    expect(await ask("who are you?")).toBe(topicReplies.product);
  });

  it("lists the plans from $5/month with the trial", async () => {
    const reply = await ask("What are your pricing plans?");
    expect(reply).toContain("$5/month");
    expect(reply).toMatch(/Starter: \$5/);
    expect(reply).toMatch(/Core: \$25.*Most Popular/);
    expect(reply).toMatch(/Teams: \$40 per user/);
    expect(reply).toMatch(/Enterprise: custom/);
    expect(reply).toMatch(/Yearly billing saves/);
    expect(reply).toMatch(/30-day free trial.*\$5 in credits/);
    expect(reply).toContain("/pricing");
    expect(await ask("How much does it cost?")).toBe(reply);
    expect(await ask("Is there a free trial?")).toBe(reply);
  });

  it("walks through getting started and links the guide", async () => {
    const reply = await ask("How do I get started?");
    for (const step of ["Sign up", "Paste your Discord bot token", "Build your bot", "Edit the code", "Host it"]) {
      expect(reply).toContain(step);
    }
    expect(reply).toContain("/getting-started");
    expect(await ask("how do i set up my bot token")).toBe(reply);
  });

  it("offers 24/7 technical help by chat and email with the contact page", async () => {
    const reply = await ask("I need technical support.");
    expect(reply).toMatch(/24\/7 by chat and email/);
    expect(reply).toContain("/contact");
    expect(await ask("My bot keeps crashing with an error")).toBe(reply);
    expect(await ask("my bot won't start")).toBe(reply);
    expect(await ask("can you help me?")).toBe(reply);
  });

  it("points to the docs, the API reference and the tutorials", async () => {
    const reply = await ask("Where can I find the documentation?");
    expect(reply).toContain("/docs");
    expect(reply).toContain("/api");
    expect(reply).toContain("/tutorials");
    expect(await ask("Is there an API reference?")).toBe(reply);
  });

  it("lists every feature with its status on /features", async () => {
    const reply = await ask("What features does Cipher offer?");
    for (const feature of features) expect(reply).toContain(`${feature.name}: ${feature.status.toLowerCase()}`);
    expect(reply).toContain("Real-time Testing: available");
    expect(reply).toContain("Third-party Integrations: coming soon");
  });

  it("answers anything else with the default reply", async () => {
    expect(await ask("Tell me a joke")).toBe(DEFAULT_SUPPORT_REPLY);
    expect(await ask("")).toBe(DEFAULT_SUPPORT_REPLY);
    expect(DEFAULT_SUPPORT_REPLY).toContain("/contact");
  });

  it("ignores letter case", async () => {
    expect(await ask("WHAT ARE YOUR PRICING PLANS?")).toBe(topicReplies.pricing);
    expect(await ask("wHaT iS cIpHeR")).toBe(topicReplies.product);
    expect(await ask("DOCUMENTATION")).toBe(topicReplies.documentation);
    expect(await ask("Features")).toBe(topicReplies.features);
  });

  it("prefers the specific intent when a question names the product", async () => {
    expect(await ask("How much does Cipher cost?")).toBe(topicReplies.pricing);
    expect(await ask("Can you help me get started with Cipher?")).toBe(topicReplies["getting-started"]);
    expect(await ask("Does Cipher have moderation?")).toBe(topicReplies.features);
  });

  it("does not need the conversation so far", async () => {
    const history = [{ id: "1", role: "user" as const, content: "What is Cipher?", timestamp: new Date() }];
    expect(await answerSupportQuestion("pricing", history)).toBe(topicReplies.pricing);
  });
});

describe("quick questions", () => {
  it("has six cards, each answered on its own topic", () => {
    expect(quickQuestions.map((card) => card.topic)).toEqual([
      "product",
      "pricing",
      "getting-started",
      "technical-support",
      "documentation",
      "features",
    ]);
    for (const card of quickQuestions) {
      expect(matchSupportTopic(card.question), card.question).toBe(card.topic);
    }
  });
});

describe("replyDelayMs", () => {
  it("is between 1 and 3 seconds", () => {
    expect(replyDelayMs(() => 0)).toBe(REPLY_DELAY_MIN_MS);
    expect(replyDelayMs(() => 0.5)).toBe(2000);
    expect(replyDelayMs(() => 0.999999)).toBe(REPLY_DELAY_MAX_MS);
    for (let i = 0; i < 100; i++) {
      const ms = replyDelayMs();
      expect(ms).toBeGreaterThanOrEqual(1000);
      expect(ms).toBeLessThanOrEqual(3000);
    }
  });
});

describe("replyToSupportQuestion", () => {
  const wait = vi.fn(async (_ms: number) => {});

  it("waits the reply delay and returns the answer", async () => {
    const reply = await replyToSupportQuestion("pricing?", [], { delayMs: 1500, wait });
    expect(reply).toBe(topicReplies.pricing);
    expect(wait).toHaveBeenCalledWith(1500);
  });

  it("shows the failure text when answering fails", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const failing = async () => {
      throw new Error("model unavailable");
    };
    expect(await replyToSupportQuestion("hi", [], { answer: failing, wait })).toBe(
      "Sorry, I'm having trouble responding right now. Please try again.",
    );
    expect(SUPPORT_CHAT_FAILURE).toBe("Sorry, I'm having trouble responding right now. Please try again.");
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it("treats an empty answer as a failure", async () => {
    expect(await replyToSupportQuestion("hi", [], { answer: async () => "  ", wait })).toBe(SUPPORT_CHAT_FAILURE);
  });
});
