"use client";

import { MessageCircle } from "lucide-react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { agentCipherGreeting } from "@/lib/dashboard/home";

/** The round button in the corner: Agent Cipher says hello (the full assistant comes later). */
export function FloatingChatButton() {
  return (
    <Button
      size="icon"
      aria-label="Chat with Agent Cipher"
      onClick={() => toast.info(agentCipherGreeting)}
      className="fixed right-5 bottom-5 z-30 size-14 rounded-full shadow-[0_0_32px_var(--glow)]"
    >
      <MessageCircle className="size-6" />
    </Button>
  );
}
