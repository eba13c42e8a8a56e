/**
 * The top bar's search: the user's bots, archived bots, support tickets and the dashboard's
 * pages. Every database query is filtered by `userId` first; nothing of another user can match.
 */
import { userBots } from "@/lib/bots/scope";
import { db } from "@/lib/db";
import { formatTicketNumber, parseTicketNumber, ticketStatusLabels, type TicketStatus } from "@/lib/support/schemas";

import { matchPages } from "./pages";
import {
  maxSearchQueryLength,
  searchGroupLabels,
  searchResultsPerGroup,
  type SearchGroup,
  type SearchGroupId,
  type SearchResponse,
  type SearchResult,
} from "./types";

/** Prisma's `contains` is SQL LIKE and leaves `%` and `_` live; a search box means them literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, "\\$&");
}

function contains(text: string) {
  return { contains: escapeLike(text), mode: "insensitive" as const };
}

async function searchBots(userId: string, query: string): Promise<SearchResult[]> {
  const bots = await db.bot.findMany({
    where: { ...userBots(userId), OR: [{ name: contains(query) }, { description: contains(query) }] },
    orderBy: { updatedAt: "desc" },
    take: searchResultsPerGroup,
    select: { id: true, name: true, description: true, status: true },
  });
  return bots.map((bot) => ({
    id: `bot:${bot.id}`,
    title: bot.name,
    subtitle: bot.description || `Status: ${bot.status}`,
    href: `/dashboard/bots/${bot.id}`,
  }));
}

async function searchArchive(userId: string, query: string): Promise<SearchResult[]> {
  const bots = await db.bot.findMany({
    where: { userId, archivedAt: { not: null }, OR: [{ name: contains(query) }, { description: contains(query) }] },
    orderBy: { archivedAt: "desc" },
    take: searchResultsPerGroup,
    select: { id: true, name: true, archiveReason: true },
  });
  return bots.map((bot) => ({
    id: `archive:${bot.id}`,
    title: bot.name,
    subtitle: bot.archiveReason ? `Archived · ${bot.archiveReason}` : "Archived bot",
    href: `/dashboard/archive?q=${encodeURIComponent(bot.name)}`,
  }));
}

async function searchTickets(userId: string, query: string): Promise<SearchResult[]> {
  const number = parseTicketNumber(query);
  const tickets = await db.supportTicket.findMany({
    // Drafts have no number and no page yet.
    where: {
      userId,
      number: { not: null },
      status: { not: "draft" },
      OR: [{ subject: contains(query) }, ...(number !== null ? [{ number }] : [])],
    },
    orderBy: { updatedAt: "desc" },
    take: searchResultsPerGroup,
    select: { number: true, subject: true, status: true },
  });
  return tickets.flatMap((ticket) =>
    ticket.number === null
      ? []
      : [
          {
            id: `ticket:${ticket.number}`,
            title: ticket.subject,
            subtitle: `${formatTicketNumber(ticket.number)} · ${ticketStatusLabels[ticket.status as TicketStatus] ?? ticket.status}`,
            href: `/dashboard/support/tickets/${ticket.number}`,
          },
        ],
  );
}

/** Groups with at least one result, in the palette's order; an empty query finds nothing. */
export async function searchDashboard(userId: string, rawQuery: string): Promise<SearchResponse> {
  const query = rawQuery.trim().slice(0, maxSearchQueryLength);
  if (!query) return { query, groups: [] };
  const [bots, archive, tickets] = await Promise.all([
    searchBots(userId, query),
    searchArchive(userId, query),
    searchTickets(userId, query),
  ]);
  const found: [SearchGroupId, SearchResult[]][] = [
    ["bots", bots],
    ["archive", archive],
    ["tickets", tickets],
    ["pages", matchPages(query, searchResultsPerGroup)],
  ];
  const groups: SearchGroup[] = found
    .filter(([, results]) => results.length > 0)
    .map(([id, results]) => ({ id, label: searchGroupLabels[id], results }));
  return { query, groups };
}
