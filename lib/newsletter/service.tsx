/**
 * Newsletter double opt-in. Subscribing stores the address unconfirmed and emails a confirmation
 * link (only the link token's SHA-256 is stored, valid 7 days); following it and pressing Confirm
 * subscribes. Every newsletter mail carries an unsubscribe link and RFC 8058 one-click headers.
 * A subscriber is someone with `confirmedAt` set and `unsubscribedAt` empty.
 */
import { randomBytes } from "node:crypto";

import NewsletterConfirmation, { subject, templateName } from "@/emails/newsletter-confirmation";
import { hashToken } from "@/lib/auth/tokens";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { oneClickUnsubscribeHeaders, sendEmail } from "@/lib/mail/send-email";

export const confirmationLifetimeMs = 7 * 24 * 60 * 60 * 1000;

/** Longer input is never a token we issued; refuse it before touching the database. */
const maxTokenLength = 200;
/**
 * Every token we issue is a UUID (unsubscribe) or base64url (confirmation): anything else, a NUL
 * or other text PostgreSQL cannot even compare, is an invalid link, not a database error.
 */
const tokenShape = /^[A-Za-z0-9_-]+$/;

function isTokenShaped(token: string): boolean {
  return token.length > 0 && token.length <= maxTokenLength && tokenShape.test(token);
}

function siteLink(path: string, token: string): string {
  const url = new URL(path, env.SITE_URL);
  url.searchParams.set("token", token);
  return url.toString();
}

/** The links a newsletter mail carries; the one-click URL is for mail clients (POST only). */
export function newsletterLinks(unsubscribeToken: string, confirmToken?: string) {
  return {
    confirmUrl: confirmToken ? siteLink("/newsletter/confirm", confirmToken) : undefined,
    unsubscribeUrl: siteLink("/newsletter/unsubscribe", unsubscribeToken),
    oneClickUrl: siteLink("/api/newsletter/unsubscribe", unsubscribeToken),
  };
}

export type SubscribeOutcome = "confirmation-sent" | "already-subscribed";

/**
 * Asks `email` to confirm its subscription. Idempotent: an unconfirmed (or unsubscribed) address
 * gets a new link (earlier links stop working); a confirmed subscriber gets no mail. If the email
 * cannot be sent, the row is put back as it was and the error is thrown.
 */
export async function subscribeToNewsletter(email: string, now = new Date()): Promise<SubscribeOutcome> {
  const normalized = email.trim().toLowerCase();
  const previous = await db.newsletterSubscription.findUnique({
    where: { email: normalized },
    select: {
      id: true,
      confirmedAt: true,
      unsubscribedAt: true,
      confirmTokenHash: true,
      confirmTokenExpires: true,
    },
  });
  if (previous?.confirmedAt && !previous.unsubscribedAt) return "already-subscribed";

  const token = randomBytes(32).toString("base64url");
  const pending = {
    confirmTokenHash: hashToken(token),
    confirmTokenExpires: new Date(now.getTime() + confirmationLifetimeMs),
  };
  const row = await db.newsletterSubscription.upsert({
    where: { email: normalized },
    create: { email: normalized, ...pending },
    update: { ...pending, confirmedAt: null, unsubscribedAt: null },
    select: { id: true, unsubscribeToken: true },
  });

  const links = newsletterLinks(row.unsubscribeToken, token);
  try {
    await sendEmail({
      to: normalized,
      subject,
      template: templateName,
      react: <NewsletterConfirmation confirmUrl={links.confirmUrl!} unsubscribeUrl={links.unsubscribeUrl} />,
      headers: oneClickUnsubscribeHeaders(links.oneClickUrl),
    });
  } catch (error) {
    // Only undo our own write: a request that raced us and issued a newer token keeps its row.
    const ours = { id: row.id, confirmTokenHash: pending.confirmTokenHash };
    const undo = previous
      ? db.newsletterSubscription.updateMany({
          where: ours,
          data: {
            confirmedAt: previous.confirmedAt,
            unsubscribedAt: previous.unsubscribedAt,
            confirmTokenHash: previous.confirmTokenHash,
            confirmTokenExpires: previous.confirmTokenExpires,
          },
        })
      : db.newsletterSubscription.deleteMany({ where: ours });
    await undo.catch((undoError: unknown) =>
      console.error("[newsletter] restoring the subscription after a mail failure failed", {
        id: row.id,
        error: undoError instanceof Error ? undoError.message : String(undoError),
      }),
    );
    throw error;
  }
  return "confirmation-sent";
}

export type LinkState = "valid" | "invalid" | "expired";

async function findByConfirmToken(token: string) {
  if (!isTokenShaped(token)) return null;
  return db.newsletterSubscription.findUnique({
    where: { confirmTokenHash: hashToken(token) },
    select: { id: true, confirmTokenHash: true, confirmTokenExpires: true },
  });
}

/** What a confirmation link would do, without using it (GET requests must change nothing). */
export async function confirmationLinkState(token: string, now = new Date()): Promise<LinkState> {
  const row = await findByConfirmToken(token);
  if (!row) return "invalid";
  return row.confirmTokenExpires && row.confirmTokenExpires > now ? "valid" : "expired";
}

export type ConfirmOutcome = "confirmed" | "invalid" | "expired";

/** Uses a confirmation link once: subscribes the address and forgets the token. */
export async function confirmSubscription(token: string, now = new Date()): Promise<ConfirmOutcome> {
  const row = await findByConfirmToken(token);
  if (!row) return "invalid";
  if (!row.confirmTokenExpires || row.confirmTokenExpires <= now) return "expired";
  // Conditional on the token, so two presses at once confirm once and the other sees "invalid".
  const { count } = await db.newsletterSubscription.updateMany({
    where: { id: row.id, confirmTokenHash: row.confirmTokenHash },
    data: { confirmedAt: now, unsubscribedAt: null, confirmTokenHash: null, confirmTokenExpires: null },
  });
  return count === 1 ? "confirmed" : "invalid";
}

export type UnsubscribeLinkState = "subscribed" | "unsubscribed" | "invalid";

async function findByUnsubscribeToken(token: string) {
  if (!isTokenShaped(token)) return null;
  return db.newsletterSubscription.findUnique({
    where: { unsubscribeToken: token },
    select: { id: true, unsubscribedAt: true },
  });
}

/** What an unsubscribe link would do, without using it. */
export async function unsubscribeLinkState(token: string): Promise<UnsubscribeLinkState> {
  const row = await findByUnsubscribeToken(token);
  if (!row) return "invalid";
  return row.unsubscribedAt ? "unsubscribed" : "subscribed";
}

/**
 * Unsubscribes the address of an unsubscribe link. Idempotent (the first time is kept). A pending
 * confirmation link stops working too, so nobody is subscribed after saying no.
 */
export async function unsubscribe(token: string, now = new Date()): Promise<"unsubscribed" | "invalid"> {
  const row = await findByUnsubscribeToken(token);
  if (!row) return "invalid";
  await db.newsletterSubscription.updateMany({
    where: { id: row.id, unsubscribedAt: null },
    data: { unsubscribedAt: now, confirmTokenHash: null, confirmTokenExpires: null },
  });
  return "unsubscribed";
}
