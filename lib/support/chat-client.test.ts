import { describe, expect, it } from "vitest";

import { topicReplies } from "./chat-assistant";
import { fetchSupportAnswer } from "./chat-client";

describe("fetchSupportAnswer", () => {
  it("shows the server's answer", async () => {
    const fetcher = (async () =>
      Response.json({ answer: "From the docs: /tutorials/getting-started" })) as typeof fetch;
    expect(await fetchSupportAnswer("how do I start?", [], fetcher)).toBe("From the docs: /tutorials/getting-started");
  });

  it("falls back to the keyword answer when the server cannot be reached or fails", async () => {
    const offline = (async () => {
      throw new TypeError("Failed to fetch");
    }) as typeof fetch;
    expect(await fetchSupportAnswer("how much does it cost?", [], offline)).toBe(topicReplies.pricing);
    const failing = (async () => new Response("oops", { status: 500 })) as typeof fetch;
    expect(await fetchSupportAnswer("how much does it cost?", [], failing)).toBe(topicReplies.pricing);
  });
});
