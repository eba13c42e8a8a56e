import { Headset, User } from "lucide-react";

import type { TicketThread as Thread } from "@/lib/support/service";
import { cn } from "@/lib/utils";

import { formatDateTime } from "./format";

/** The ticket's description followed by every message, oldest first. */
export function TicketThread({ ticket, viewer }: { ticket: Thread; viewer: "user" | "staff" }) {
  const items = [
    { id: "description", body: ticket.description, fromStaff: false, createdAt: ticket.createdAt },
    ...ticket.messages,
  ];
  return (
    <ol className="grid gap-3" aria-label="Conversation">
      {items.map((message) => {
        const author = message.fromStaff ? "Cipher Support" : viewer === "user" ? "You" : "Customer";
        const Icon = message.fromStaff ? Headset : User;
        return (
          <li
            key={message.id}
            className={cn(
              "grid gap-2 rounded-xl border p-4",
              message.fromStaff ? "border-primary/30 bg-primary/5" : "border-border bg-card/60",
            )}
          >
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
              <span className="font-medium">{author}</span>
              <span className="text-xs text-muted-foreground">{formatDateTime(message.createdAt)}</span>
            </p>
            <p className="text-sm break-words whitespace-pre-wrap">{message.body}</p>
          </li>
        );
      })}
    </ol>
  );
}
