"use server";

import { revalidatePath } from "next/cache";
import { type z } from "zod";

import { ActionRefusal, type ActionResult } from "@/lib/actions";
import { recordAudit } from "@/lib/audit/service";
import { formRateLimit, type RateLimitRule } from "@/lib/rate-limit";
import { userAction } from "@/lib/user-action";

import { isFaqSlug } from "./faq";
import { recordFaqView } from "./faq-views";
import {
  draftIdSchema,
  draftSchema,
  faqViewSchema,
  formatTicketNumber,
  submitTicketSchema,
  ticketHref,
  ticketNumberSchema,
  ticketReplySchema,
  type DraftInput,
} from "./schemas";
import {
  closeTicket,
  deleteDraft,
  replyToTicket,
  saveDraft,
  submitTicket,
  TicketClosedError,
  TicketNotFoundError,
} from "./service";

/** The domain's errors that the user should read, as refusals; anything else stays unexpected. */
function refusalFor(error: unknown): unknown {
  // Another user's ticket answers exactly like a missing one.
  if (error instanceof TicketNotFoundError) {
    return new ActionRefusal("This ticket no longer exists.", { code: "not_found" });
  }
  if (error instanceof TicketClosedError) return new ActionRefusal(error.message, { code: "resolved" });
  return error;
}

/**
 * A support action: a signed-in user, the input parsed with `schema`, the domain step run for
 * that user, its known errors turned into messages, and the support pages revalidated.
 */
function supportAction<S extends z.ZodType, T>(
  name: string,
  schema: S,
  run: (userId: string, input: z.infer<S>) => Promise<T>,
  options: { rateLimit?: RateLimitRule; revalidate?: (input: z.infer<S>, data: T) => string[] } = {},
): (input: z.input<S>) => Promise<ActionResult<T>> {
  return userAction(name, schema, run, {
    rateLimit: options.rateLimit,
    refusal: refusalFor,
    after: (_, parsed, data) => {
      for (const path of options.revalidate?.(parsed, data) ?? []) revalidatePath(path);
    },
  });
}

const supportHome = "/dashboard/support";

/** Submit Ticket: opens a ticket (from the form or a draft) and answers with its TKT number. */
export async function submitTicketAction(
  input: z.input<typeof submitTicketSchema>,
): Promise<ActionResult<{ number: number; label: string; href: string }>> {
  return supportAction(
    "support.submitTicket",
    submitTicketSchema,
    async (userId, ticket) => {
      const { id, number } = await submitTicket(userId, ticket);
      const label = formatTicketNumber(number);
      await recordAudit(userId, "ticket.opened", { type: "ticket", id, label: `${label} ${ticket.subject}` });
      return { number, label, href: ticketHref(number) };
    },
    { rateLimit: formRateLimit("support-ticket"), revalidate: () => [supportHome] },
  )(input);
}

/** Save Draft: keeps the form to finish later; answers with the draft's id to keep updating it. */
export async function saveDraftAction(input: DraftInput): Promise<ActionResult<{ id: string }>> {
  return supportAction("support.saveDraft", draftSchema, (userId, draft) => saveDraft(userId, draft), {
    rateLimit: formRateLimit("support-draft"),
    revalidate: () => [supportHome],
  })(input);
}

export async function deleteDraftAction(input: { draftId: string }): Promise<ActionResult<void>> {
  return supportAction("support.deleteDraft", draftIdSchema, (userId, { draftId }) => deleteDraft(userId, draftId), {
    rateLimit: formRateLimit("support-draft"),
    revalidate: () => [supportHome],
  })(input);
}

export async function replyToTicketAction(input: {
  number: number;
  body: string;
}): Promise<ActionResult<{ reopened: boolean }>> {
  return supportAction(
    "support.reply",
    ticketReplySchema,
    async (userId, { number, body }) => {
      const { id, reopened } = await replyToTicket(userId, number, body);
      await recordAudit(userId, "ticket.replied", { type: "ticket", id, label: formatTicketNumber(number) });
      return { reopened };
    },
    {
      rateLimit: formRateLimit("support-reply"),
      revalidate: ({ number }) => [supportHome, ticketHref(number)],
    },
  )(input);
}

export async function closeTicketAction(input: { number: number }): Promise<ActionResult<void>> {
  return supportAction(
    "support.close",
    ticketNumberSchema,
    async (userId, { number }) => {
      const { id } = await closeTicket(userId, number);
      await recordAudit(userId, "ticket.closed", { type: "ticket", id, label: formatTicketNumber(number) });
    },
    {
      rateLimit: formRateLimit("support-close"),
      revalidate: ({ number }) => [supportHome, ticketHref(number)],
    },
  )(input);
}

/** Opening an FAQ entry counts a view; answers with the entry's new total. */
export async function recordFaqViewAction(input: { slug: string }): Promise<ActionResult<{ views: number }>> {
  return supportAction(
    "support.faqView",
    faqViewSchema,
    async (_userId, { slug }) => {
      if (!isFaqSlug(slug)) throw new ActionRefusal("There is no such question.", { code: "not_found" });
      return { views: await recordFaqView(slug) };
    },
    // Reading is cheap but each open writes; generous enough for a curious reader, not for a script.
    { rateLimit: { bucket: "faq-view", limit: 60, windowMs: 60_000 } },
  )(input);
}
