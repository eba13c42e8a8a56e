/**
 * POST /api/support/chat — the support widget's answer to a question. With a model configured
 * (AI_PROVIDER) it answers from the site's docs and tutorials; otherwise, or when the model fails,
 * the keyword answers. Rate limited per visitor, since every model answer costs money; a request
 * another site's page sent is refused, like every state-changing route.
 */
import { z } from "zod";

import { modelFromEnv } from "@/lib/ai-builder/llm/provider";
import { consumeRateLimit } from "@/lib/rate-limit";
import { rateLimitSubject } from "@/lib/rate-limit/subject";
import { isCrossSiteRequest } from "@/lib/request/cross-site";
import { crossSiteRefusal } from "@/lib/user-route";
import { answerSupportQuestion } from "@/lib/support/chat-assistant";
import { answerWithModel, maxSupportQuestionLength } from "@/lib/support/chat-model";

export const dynamic = "force-dynamic";

const noStore = { "Cache-Control": "private, no-store" };

const bodySchema = z.object({
  question: z.string().trim().min(1).max(maxSupportQuestionLength),
  history: z
    .array(z.object({ role: z.enum(["user", "assistant"]), content: z.string().max(4_000) }))
    .max(50)
    .default([]),
});

const supportChatRateLimit = { bucket: "support-chat", limit: 20, windowMs: 60_000 };

export async function POST(request: Request) {
  // Another site's page may not spend this site's model (or its visitors' rate limit).
  if (isCrossSiteRequest(request)) return Response.json(crossSiteRefusal, { status: 403, headers: noStore });
  const parsed = bodySchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: "Ask a question." }, { status: 400, headers: noStore });
  const { question, history } = parsed.data;
  const keywordAnswer = () => answerSupportQuestion(question, []);

  const configured = modelFromEnv();
  if (!configured) return Response.json({ answer: await keywordAnswer(), source: "keywords" }, { headers: noStore });

  const limit = await consumeRateLimit(supportChatRateLimit, await rateLimitSubject());
  if (!limit.allowed) return Response.json({ answer: await keywordAnswer(), source: "keywords" }, { headers: noStore });
  try {
    const answer = await answerWithModel(question, history, { model: configured.model, signal: request.signal });
    if (answer) return Response.json({ answer, source: "model" }, { headers: noStore });
  } catch (error) {
    // The provider's message only: its error objects can carry the request, never logged whole.
    console.error("[api/support/chat] the model failed", {
      provider: configured.provider,
      model: configured.modelId,
      reason: error instanceof Error ? error.message : String(error),
    });
  }
  return Response.json({ answer: await keywordAnswer(), source: "keywords" }, { headers: noStore });
}
