"use server";

import { revalidatePath } from "next/cache";
import { type z } from "zod";

import { ActionRefusal, validatedAction, type ActionResult } from "@/lib/actions";
import { getCurrentUser, type CurrentUser } from "@/lib/auth/session";
import { formRateLimit, type RateLimitRule } from "@/lib/rate-limit";

import { answerTicket, operatorAccess, operatorTwoFactorMessage, setTicketStatus } from "./admin";
import {
  staffAnswerSchema,
  ticketHref,
  ticketStatusSchema,
  type TicketStatus,
  type TicketStatusInput,
} from "./schemas";
import { TicketNotFoundError } from "./service";

const sessionEnded = { ok: false, error: "Your session has ended. Please sign in again.", code: "signed_out" } as const;
// A non-operator learns nothing, not even that operators exist.
const notFound = { ok: false, error: "This ticket no longer exists.", code: "not_found" } as const;

const adminTicketsHref = (id: string) => `/dashboard/support/admin/tickets/${id}`;

/**
 * An operator action: signed in, listed in SUPPORT_ADMIN_EMAILS with two-factor on, input parsed,
 * pages revalidated.
 */
function operatorAction<S extends z.ZodType, T>(
  name: string,
  schema: S,
  run: (operator: CurrentUser, input: z.infer<S>) => Promise<T>,
  options: { rateLimit?: RateLimitRule; revalidate?: (input: z.infer<S>, data: T) => string[] } = {},
): (input: z.input<S>) => Promise<ActionResult<T>> {
  return async (input) => {
    const user = await getCurrentUser();
    if (!user) return sessionEnded;
    const access = operatorAccess(user);
    if (access === "denied") return notFound;
    if (access === "needs-two-factor") {
      return { ok: false, error: operatorTwoFactorMessage, code: "two_factor_required" };
    }
    return validatedAction(
      name,
      schema,
      async (parsed: z.infer<S>) => {
        try {
          const data = await run(user, parsed);
          for (const path of options.revalidate?.(parsed, data) ?? []) revalidatePath(path);
          return data;
        } catch (error) {
          if (error instanceof TicketNotFoundError) throw new ActionRefusal(notFound.error, { code: "not_found" });
          throw error;
        }
      },
      { rateLimit: options.rateLimit },
    )(input);
  };
}

/** Answer a ticket as support; the owner gets a 'ticket_answered' notification. */
export async function answerTicketAction(input: {
  ticketId: string;
  body: string;
  status?: TicketStatus;
}): Promise<ActionResult<{ number: number; status: TicketStatus }>> {
  return operatorAction(
    "support.admin.answer",
    staffAnswerSchema,
    (operator, { ticketId, body, status }) => answerTicket(operator.id, ticketId, body, status),
    {
      rateLimit: formRateLimit("support-admin-answer"),
      revalidate: ({ ticketId }, { number }) => [
        "/dashboard/support/admin",
        adminTicketsHref(ticketId),
        "/dashboard/support",
        ticketHref(number),
      ],
    },
  )(input);
}

/** Change a ticket's status and priority; the owner gets a 'ticket_status' notification. */
export async function setTicketStatusAction(
  input: TicketStatusInput,
): Promise<ActionResult<{ number: number; changed: boolean }>> {
  return operatorAction(
    "support.admin.status",
    ticketStatusSchema,
    (_operator, { ticketId, status, priority }) => setTicketStatus(ticketId, status, priority),
    {
      rateLimit: formRateLimit("support-admin-status"),
      revalidate: ({ ticketId }, { number }) => [
        "/dashboard/support/admin",
        adminTicketsHref(ticketId),
        "/dashboard/support",
        ticketHref(number),
      ],
    },
  )(input);
}
