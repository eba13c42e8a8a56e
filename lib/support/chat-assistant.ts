import type { SupportTopic } from "./quick-questions";
import type { ChatMessage } from "./types";

/** The assistant's first message in every chat. */
export const SUPPORT_CHAT_GREETING =
  "Hi! I'm the Cipher support assistant. Ask me anything about building, editing or hosting your Discord bot, or pick a topic on the Home tab.";

/** Shown in the chat when no reply could be produced (spec §8 "Chat failure"). */
export const SUPPORT_CHAT_FAILURE = "Sorry, I'm having trouble responding right now. Please try again.";

/** Spec §9: the assistant replies after a random 1 to 3 seconds. */
export const REPLY_DELAY_MIN_MS = 1000;
export const REPLY_DELAY_MAX_MS = 3000;

/** A reply delay between 1 and 3 s; `random` is injectable so tests are deterministic. */
export function replyDelayMs(random: () => number = Math.random): number {
  const fraction = Math.min(Math.max(random(), 0), 1);
  return Math.round(REPLY_DELAY_MIN_MS + fraction * (REPLY_DELAY_MAX_MS - REPLY_DELAY_MIN_MS));
}

/*
 * Replies mention site paths as plain text ("/pricing"); the widget turns a path that starts a
 * word into a link, so replies stay plain strings whichever engine writes them.
 */
export const topicReplies: Record<SupportTopic, string> = {
  product:
    "Cipher is an AI-assisted Discord bot builder and host. Describe the bot you want in plain words and Cipher writes the code in JavaScript or Python. Edit it in the browser, paste your bot token, and host it with 99.9% uptime, live logs and analytics. Already have a bot? Bring it over at /bot-migration.",
  pricing: [
    "Plans start at $5/month:",
    "• Starter: $5/month, with the agent, 10 development bots and premium templates (hosting is an add-on)",
    "• Core: $25/month, our Most Popular plan, with $25 monthly credits, unlimited bots and hosted deployment",
    "• Teams: $40 per user per month, with $40 monthly credits and 50 viewer seats",
    "• Enterprise: custom pricing with an annual commitment",
    "Yearly billing saves money: Starter $4, Core $20 and Teams $32 per month. Every plan starts with a 30-day free trial that includes $5 in credits. Compare plans at /pricing.",
  ].join("\n"),
  "getting-started": [
    "Getting started takes a few minutes:",
    "1. Sign up for an account at /signup",
    "2. Paste your Discord bot token (it is stored encrypted)",
    "3. Build your bot in the Visual Bot Builder (no code needed) or start from a template",
    "4. Edit the code in the browser and try it in the Test tab's simulated server",
    "5. Host it with one click",
    "The step-by-step guide is at /getting-started.",
  ].join("\n"),
  "technical-support":
    "Our support team is here 24/7 by chat and email. Tell me what is going wrong (the exact error message helps), or reach the team through /contact. Signed in? You can also open a ticket from Support in your dashboard.",
  documentation:
    "Everything is in the documentation at /docs. The API reference is at /api, and step-by-step tutorials for moderation, music, custom commands and more are at /tutorials.",
  features: [
    "Here is what Cipher offers:",
    "• Visual Bot Builder: available",
    "• Custom Code Editor: available",
    "• Built-in Database: available",
    "• Advanced Moderation: available",
    "• Real-time Testing: available",
    "• Third-party Integrations: coming soon",
    "See them all at /features.",
  ].join("\n"),
};

export const DEFAULT_SUPPORT_REPLY =
  "Thanks for your message! I can help with what Cipher is, pricing, getting started, technical support, documentation and features. Ask me about one of those, or reach our team at /contact.";

/*
 * Checked in this order and the first match wins: specific intents (pricing, something broken,
 * getting started) before broad words like "help", and "what is Cipher" last because almost
 * every question names the product.
 */
const topicKeywords: ReadonlyArray<readonly [SupportTopic, RegExp]> = [
  [
    "pricing",
    /\b(pric(e|es|ed|ing)|costs?|plans?|subscri(be|ption|ptions)|billing|billed|pay|paying|payment|trial|how much|cheap|expensive|refunds?|credits?|yearly|annual|monthly)\b|\$/,
  ],
  [
    "technical-support",
    /\b(technical|bugs?|errors?|issues?|problems?|broken|not working|(doesn'?t|does not|won'?t|can'?t|cannot) (work|start|connect|run|respond)|crash(es|ed|ing)?|fix|trouble|offline)\b/,
  ],
  [
    "getting-started",
    /\b(get(ting)? started|start(ing)?|begin(ning|ner)?|set ?up|sign ?up|register|onboarding|first bot|(create|build|make) (a|my|your) (first )?bot|tokens?)\b/,
  ],
  ["documentation", /\b(docs?|documentation|api|tutorials?|guides?|reference|manual|examples?|learn)\b/],
  [
    "features",
    /\b(features?|capabilit(y|ies)|functionality|what can|builder|editor|database|moderation|integrations?|testing|simulator)\b/,
  ],
  ["technical-support", /\b(support|help|tech|contact|assistance)\b/],
  [
    "product",
    /\b(cipher|what is (this|it)|what'?s (this|it)|who are you|what are you|about (you|this|the product)|product|platform|what (do|does) (you|it) do)\b/,
  ],
];

/** The topic a question is about, or null when no keyword matches. Case-insensitive. */
export function matchSupportTopic(question: string): SupportTopic | null {
  const text = question.toLowerCase().replace(/[’‘]/g, "'");
  for (const [topic, pattern] of topicKeywords) {
    if (pattern.test(text)) return topic;
  }
  return null;
}

/**
 * Answers a support question. Today this is local keyword matching with no network call
 * (spec §7); it is async, and takes the conversation so far, so an LLM can replace it without
 * the widget changing.
 */
export async function answerSupportQuestion(question: string, _history: ChatMessage[]): Promise<string> {
  const topic = matchSupportTopic(question);
  return topic ? topicReplies[topic] : DEFAULT_SUPPORT_REPLY;
}

export interface ReplyOptions {
  answer?: typeof answerSupportQuestion;
  /** Milliseconds the reply takes at least; defaults to a random 1 to 3 s. */
  delayMs?: number;
  wait?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * What the widget shows as the assistant's reply: the answer, no sooner than the reply delay,
 * or the spec's failure text when answering fails. Never rejects.
 */
export async function replyToSupportQuestion(
  question: string,
  history: ChatMessage[],
  { answer = answerSupportQuestion, delayMs = replyDelayMs(), wait = sleep }: ReplyOptions = {},
): Promise<string> {
  const [reply] = await Promise.all([
    Promise.resolve()
      .then(() => answer(question, history))
      .then(
        (text) => (text.trim() ? text : SUPPORT_CHAT_FAILURE),
        (error: unknown) => {
          console.error("Support chat: answering failed", error);
          return SUPPORT_CHAT_FAILURE;
        },
      ),
    wait(delayMs),
  ]);
  return reply;
}
