/**
 * The widget's answerer: asks /api/support/chat (a model's answer from the docs when one is
 * configured, the keyword answer otherwise) and falls back to the keyword answer in the browser
 * when the request fails, so the chat answers even offline.
 */
import { answerSupportQuestion } from "./chat-assistant";
import type { ChatMessage } from "./types";

export async function fetchSupportAnswer(
  question: string,
  history: ChatMessage[],
  fetcher: typeof fetch = fetch,
): Promise<string> {
  try {
    const response = await fetcher("/api/support/chat", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        question,
        history: history.slice(-10).map(({ role, content }) => ({ role, content: content.slice(0, 4_000) })),
      }),
      signal: AbortSignal.timeout(25_000),
    });
    if (response.ok) {
      const body = (await response.json()) as { answer?: unknown };
      if (typeof body.answer === "string" && body.answer.trim()) return body.answer;
    }
  } catch {
    // Offline, timed out or the server failed: the keyword answer below.
  }
  return answerSupportQuestion(question, history);
}
