import { ShieldCheck } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";

import { DashboardPage } from "@/components/dashboard/dashboard-page";
import { FaqList } from "@/components/support/faq-list";
import { NewTicketPanel } from "@/components/support/new-ticket-panel";
import { SupportChannels } from "@/components/support/support-channels";
import { SupportStats } from "@/components/support/support-stats";
import { TicketList } from "@/components/support/ticket-list";
import { Button } from "@/components/ui/button";
import { requireUser } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { businessHours } from "@/lib/site/contact";
import { isSupportAdmin } from "@/lib/support/admin";
import { faqEntries } from "@/lib/support/faq";
import { faqViewCounts } from "@/lib/support/faq-views";
import { listDrafts, listTickets, ticketStats } from "@/lib/support/service";

export const metadata: Metadata = { title: "Support" };

export default async function SupportPage() {
  const user = await requireUser("/dashboard/support");
  const [stats, tickets, drafts, views] = await Promise.all([
    ticketStats(user.id),
    listTickets(user.id),
    listDrafts(user.id),
    faqViewCounts(),
  ]);
  const support = businessHours.find((entry) => entry.team === "Support");
  const calls = businessHours.find((entry) => entry.channels.includes("calls"));

  return (
    <DashboardPage title="Support Center" description="Get help with your bots, your account and billing.">
      {isSupportAdmin(user) && (
        <Button asChild variant="outline" className="justify-self-start">
          <Link href="/dashboard/support/admin">
            <ShieldCheck />
            All tickets (operators)
          </Link>
        </Button>
      )}
      <SupportChannels
        email={env.SUPPORT_EMAIL}
        supportHours={support ? `${support.hours} by chat and email` : "24/7"}
        callHours={calls?.hours ?? "Monday to Friday, 8 AM to 8 PM PST"}
      />
      <SupportStats stats={stats} />
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="tickets-heading" className="grid content-start gap-3">
          <h2 id="tickets-heading" className="text-lg font-semibold">
            Your Tickets
          </h2>
          <TicketList tickets={tickets} />
        </section>
        <NewTicketPanel drafts={drafts} />
      </div>
      <FaqList entries={faqEntries} initialViews={views} />
    </DashboardPage>
  );
}
