/**
 * Support tickets: the values a ticket can take and the zod schemas shared by the forms
 * (react-hook-form + zodResolver) and the server actions. Client-safe: no database here.
 */
import { z } from "zod";

import { storable } from "@/lib/validation/text";

export const ticketCategories = ["technical", "billing", "feature", "account"] as const;
export type TicketCategory = (typeof ticketCategories)[number];

export const ticketCategoryLabels: Record<TicketCategory, string> = {
  technical: "Technical",
  billing: "Billing",
  feature: "Feature Request",
  account: "Account",
};

/** What a submitted ticket can be; "draft" is the user's unsent form and never counts as a ticket. */
export const ticketStatuses = ["open", "in-progress", "resolved"] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

export const ticketStatusLabels: Record<TicketStatus, string> = {
  open: "Open",
  "in-progress": "In Progress",
  resolved: "Resolved",
};

export const ticketPriorities = ["high", "medium", "low"] as const;
export type TicketPriority = (typeof ticketPriorities)[number];

export const ticketPriorityLabels: Record<TicketPriority, string> = {
  high: "High",
  medium: "Medium",
  low: "Low",
};

export const ticketLimits = { subject: 120, description: 5000, reply: 5000 } as const;

/** TKT-001, TKT-042, TKT-1234: the id the user sees, numbered per user. */
export function formatTicketNumber(number: number): string {
  return `TKT-${String(number).padStart(3, "0")}`;
}

/** The number in "TKT-007", "tkt-7" or "7"; null for anything else. */
export function parseTicketNumber(value: string): number | null {
  const match = /^(?:tkt-)?0*(\d{1,9})$/i.exec(value.trim());
  if (!match) return null;
  const number = Number(match[1]);
  return number >= 1 ? number : null;
}

export function ticketHref(number: number): string {
  return `/dashboard/support/tickets/${formatTicketNumber(number)}`;
}

const subject = z
  .string()
  .trim()
  .max(ticketLimits.subject, `Subjects are at most ${ticketLimits.subject} characters`)
  .superRefine(storable("The subject"));
const description = z
  .string()
  .trim()
  .max(
    ticketLimits.description,
    `Descriptions are at most ${ticketLimits.description.toLocaleString("en-US")} characters`,
  )
  .superRefine(storable("The description", { multiline: true }));
const category = z.enum(ticketCategories, { error: "Choose a category" });
const id = z.string().min(1).max(64);

/** Submit New Ticket: everything is required. */
export const ticketFormSchema = z.object({
  subject: subject.min(1, "Add a subject"),
  category,
  description: description.min(1, "Describe the problem or request"),
});
export type TicketFormInput = z.infer<typeof ticketFormSchema>;

/** Submit Ticket, optionally turning a saved draft into the ticket. */
export const submitTicketSchema = ticketFormSchema.extend({ draftId: id.optional() });

/** Save Draft: anything goes, as long as there is something to keep. */
export const draftSchema = z
  .object({ subject, category, description, draftId: id.optional() })
  .refine((draft) => draft.subject.length > 0 || draft.description.length > 0, {
    message: "Write a subject or a description before saving a draft",
    path: ["subject"],
  });
export type DraftInput = z.infer<typeof draftSchema>;

export const draftIdSchema = z.object({ draftId: id });

export const ticketNumberSchema = z.object({ number: z.number().int().min(1).max(999_999_999) });

export const replySchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, "Write a reply")
    .max(ticketLimits.reply, `Replies are at most ${ticketLimits.reply.toLocaleString("en-US")} characters`)
    .superRefine(storable("The reply", { multiline: true })),
});
export type ReplyInput = z.infer<typeof replySchema>;

export const ticketReplySchema = replySchema.extend(ticketNumberSchema.shape);

/** Operators: answer a ticket, optionally setting its status at the same time. */
export const staffAnswerSchema = replySchema.extend({ ticketId: id, status: z.enum(ticketStatuses).optional() });

/** Operators: change a ticket's status and priority. */
export const ticketStatusSchema = z.object({
  ticketId: id,
  status: z.enum(ticketStatuses, { error: "Choose a status" }),
  priority: z.enum(ticketPriorities, { error: "Choose a priority" }),
});
export type TicketStatusInput = z.infer<typeof ticketStatusSchema>;

export const faqViewSchema = z.object({ slug: z.string().min(1).max(100) });
