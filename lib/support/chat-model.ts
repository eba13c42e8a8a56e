/**
 * The support chat's answers from a model (when AI_PROVIDER is set): the question, the last few
 * messages, and the site's own pages that match it (./docs-retrieval.ts) go to the model, which
 * answers from them; the pages used are linked under the answer. Without a model the keyword
 * answers of ./chat-assistant.ts stay.
 */
import { generateText, type LanguageModel, type ModelMessage } from "ai";

import { promptFile } from "@/lib/ai-builder/llm/prompt";

import { topicReplies } from "./chat-assistant";
import { findDocPassages, type DocPassage } from "./docs-retrieval";
import type { ChatMessage } from "./types";

export const maxSupportQuestionLength = 1_000;
const historyMessages = 6;

function systemPrompt(passages: DocPassage[]): string {
  const pages = passages.length
    ? passages.map((p) => `--- ${p.title} (${p.url})\n${p.excerpt}`).join("\n\n")
    : "(no page matched the question)";
  const facts = [topicReplies.product, topicReplies.pricing, topicReplies.documentation].join("\n\n");
  return promptFile("support-chat").replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name === "pages" ? pages : name === "facts" ? facts : whole,
  );
}

export async function answerWithModel(
  question: string,
  history: Pick<ChatMessage, "role" | "content">[],
  deps: { model: LanguageModel; signal?: AbortSignal; timeoutMs?: number },
): Promise<string> {
  const passages = findDocPassages(question);
  const messages: ModelMessage[] = [
    ...history
      .slice(-historyMessages)
      .map((m) => ({ role: m.role, content: m.content.slice(0, 2_000) }) as ModelMessage),
    { role: "user", content: question.slice(0, maxSupportQuestionLength) },
  ];
  const timeout = AbortSignal.timeout(deps.timeoutMs ?? 20_000);
  const result = await generateText({
    model: deps.model,
    system: systemPrompt(passages),
    messages,
    maxOutputTokens: 600,
    maxRetries: 1,
    abortSignal: deps.signal ? AbortSignal.any([deps.signal, timeout]) : timeout,
  });
  const answer = result.text.trim();
  if (!answer) return "";
  const unlinked = passages.filter((p) => !answer.includes(p.url));
  return unlinked.length ? `${answer}\n\nRead more: ${unlinked.map((p) => p.url).join(" ")}` : answer;
}
